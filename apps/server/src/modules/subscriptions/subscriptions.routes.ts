import { envelopeSchema } from '@ctn/contracts/envelope';
import { simulatePaymentRequestSchema, subscriptionSchema } from '@ctn/contracts/onboarding';
import { chainRescanRequestSchema, chainRescanSchema } from '@ctn/contracts/reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf, sessionOf } from '../../plugins/auth';
import type { ChainRescansService } from './chain-rescans.service';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['Subscription'];

/** GET /api/users/refresh-subscription (member section 7). */
export function subscriptionsRoutes(subscriptions: SubscriptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/refresh-subscription', {
      config: {
        auth: 'user',
        refusals: ['USER_NOT_FOUND', 'CHAIN_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
      },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "Scan the member's deposit address now and answer the subscription",
        description:
          'Credits every final USDT (BEP20) transfer to the deposit address not yet credited (each transaction log once), then answers the subscription with its payment history. CHAIN_UNAVAILABLE when the chain cannot be reached.',
        response: { 200: envelopeSchema(subscriptionSchema) },
      },
      handler: async (request) =>
        ok(await subscriptions.refresh(sessionOf(request).id), 'SUBSCRIPTION_REFRESHED'),
    });
  };
}

/** Development only, with the simulated chain: POST /dev/api/simulate-payment. */
export function devPaymentRoutes(subscriptions: SubscriptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/simulate-payment', {
      config: { auth: 'user' },
      schema: {
        hide: true,
        body: simulatePaymentRequestSchema,
        response: { 200: envelopeSchema(subscriptionSchema) },
      },
      handler: async (request) =>
        ok(
          await subscriptions.simulatePayment(sessionOf(request).id, request.body.amount),
          'PAYMENT_SIMULATED',
        ),
    });
  };
}

/** "Rescan from block N" (administrators): GET and POST /api/admin/chain/rescans. */
export function chainRescanRoutes(rescans: ChainRescansService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Admin: reconciliation'];
    app.get('/chain/rescans', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'The last 20 rescans with their progress',
        response: { 200: envelopeSchema(z.array(chainRescanSchema)) },
      },
      handler: async () => ok(await rescans.list()),
    });
    app.post('/chain/rescans', {
      config: { auth: 'admin', refusals: ['CHAIN_UNAVAILABLE'] },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Read every deposit address again from a block up to the final block',
        description:
          'A job reads the range in batches (progress in GET) and credits every payment it finds exactly once; the watcher keeps its own position. Audited (CHAIN_RESCAN_REQUESTED). VALIDATION_ERROR for a block above the final block; CHAIN_UNAVAILABLE when the node cannot be read.',
        body: chainRescanRequestSchema,
        response: { 200: envelopeSchema(chainRescanSchema) },
      },
      handler: async (request) =>
        ok(await rescans.request(request.body.fromBlock, actorOf(request))),
    });
  };
}
