import { userSchema } from '@ctn/contracts/accounts';
import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  demoUidSchema,
  linkExchangeRequestSchema,
  uidCheckSchema,
} from '@ctn/contracts/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import type { ExchangeLinkService } from './exchange-link.service';

/** PUT /api/users/bingx-uid (member section 7). */
export function exchangeLinkRoutes(
  link: ExchangeLinkService,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/bingx-uid/check', {
      config: {
        auth: 'user',
        refusals: ['EXCHANGE_UNAVAILABLE', 'TOO_MANY_REQUESTS', 'SUBSCRIPTION_REQUIRED_TO_LINK'],
      },
      schema: {
        tags: ['Exchange'],
        security: [{ bearerAuth: [] }],
        summary: 'Check a BingX UID without linking it: what is met, what is missing',
        description:
          'Beyond the spec: the checks of linking (invited through our link, KYC, a balance of at least 100 USDT), each answered met, missing or unknown; nothing stored. Takes a turn of the 5 an hour of linking first (TOO_MANY_REQUESTS), then needs a paid subscription (SUBSCRIPTION_REQUIRED_TO_LINK). Never the balance (figure is null) nor whether another account holds the UID (takenByOther is false): decision 040. EXCHANGE_UNAVAILABLE when BingX cannot be reached.',
        body: linkExchangeRequestSchema,
        response: { 200: envelopeSchema(uidCheckSchema) },
      },
      handler: async (request) =>
        ok(await link.check(sessionOf(request).id, request.body.bingXUID, request.ip)),
    });

    app.put('/bingx-uid', {
      config: {
        auth: 'user',
        refusals: [
          'USER_NOT_FOUND',
          'BINGX_UID_ALREADY_SET',
          'BINGX_UID_ALREADY_EXISTS',
          'BINGX_UID_INELIGIBLE',
          'BINGX_UID_INCOMPLETE_KYC',
          'BINGX_UID_INSUFFICIENT_DEPOSIT',
          'SUBSCRIPTION_REQUIRED_TO_LINK',
          'EXCHANGE_UNAVAILABLE',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags: ['Exchange'],
        security: [{ bearerAuth: [] }],
        summary: 'Link the BingX UID (trimmed) after checking it with BingX',
        description:
          'Checks, in order: 5 attempts an hour per member and 20 per address, shared with the check and claims (TOO_MANY_REQUESTS), subscription paid (SUBSCRIPTION_REQUIRED_TO_LINK), not linked yet (BINGX_UID_ALREADY_SET), not linked to another account (BINGX_UID_ALREADY_EXISTS), invited through our affiliate link (BINGX_UID_INELIGIBLE), KYC done (BINGX_UID_INCOMPLETE_KYC), deposited with a balance of at least 100 USDT (BINGX_UID_INSUFFICIENT_DEPOSIT). EXCHANGE_UNAVAILABLE when BingX cannot be reached or leaves a figure out: nothing is stored. Answers the updated user.',
        body: linkExchangeRequestSchema,
        response: { 200: envelopeSchema(userSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        await link.link(session.id, request.body.bingXUID, request.ip);
        return ok(await auth.profile(session), 'BINGX_UID_LINKED');
      },
    });
  };
}

/** Development only, with the BingX simulator: the UIDs it offers and what each one does. */
export function devExchangeRoutes(
  demoUids: readonly { uid: string; outcome: string }[],
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/exchange/demo-uids', {
      schema: {
        hide: true,
        response: { 200: envelopeSchema(z.object({ uids: z.array(demoUidSchema) })) },
      },
      handler: async () => ok({ uids: demoUids.map(({ uid, outcome }) => ({ uid, outcome })) }),
    });
  };
}
