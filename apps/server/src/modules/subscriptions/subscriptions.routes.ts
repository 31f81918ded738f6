import { envelopeSchema } from '@ctn/contracts/envelope';
import { simulatePaymentRequestSchema, subscriptionSchema } from '@ctn/contracts/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['Subscription'];

/** GET /api/users/refresh-subscription (member section 7). */
export function subscriptionsRoutes(subscriptions: SubscriptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/refresh-subscription', {
      config: { auth: 'user' },
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
