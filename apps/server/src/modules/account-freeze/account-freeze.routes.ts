import { envelopeSchema } from '@ctn/contracts/envelope';
import { freezeAccountRequestSchema, freezeAccountStateSchema } from '@ctn/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf, originOf } from '../../plugins/auth';
import type { AccountFreezeService } from './account-freeze.service';

const tags = ['Security'];
const idParams = z.object({ id: z.string().max(64) });

/** "Not me? Freeze my account": the page's two calls, signed out (the token is the proof). */
export function accountFreezeRoutes(freeze: AccountFreezeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/freeze-account/state', {
      config: { refusals: ['INVALID_OR_EXPIRED_TOKEN'] },
      schema: {
        tags,
        summary: 'What the freeze link of a mail would do: READY, or FROZEN already',
        description:
          'Beyond the spec (decision 040). The token of the "Not me? Freeze my account" link of a security or money mail. INVALID_OR_EXPIRED_TOKEN for a forged, altered or expired one. Changes nothing.',
        body: freezeAccountRequestSchema,
        response: { 200: envelopeSchema(freezeAccountStateSchema) },
      },
      handler: async (request) => ok(await freeze.state(request.body.token)),
    });

    app.post('/freeze-account', {
      config: { refusals: ['INVALID_OR_EXPIRED_TOKEN'] },
      schema: {
        tags,
        summary: "Freeze the account's withdrawals and end every session",
        description:
          'Beyond the spec (decision 040). Withdrawals are refused (WITHDRAWALS_FROZEN_BY_OWNER) and pending ones cannot be approved until an administrator lifts the freeze; every session ends; administrators are mailed. A second click changes nothing.',
        body: freezeAccountRequestSchema,
        response: { 200: envelopeSchema(freezeAccountStateSchema) },
      },
      handler: async (request) => ok(await freeze.freeze(request.body.token, originOf(request))),
    });
  };
}

/** The admin user detail's view and lift of the owner's freeze. */
export function adminAccountFreezeRoutes(freeze: AccountFreezeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/:id/withdrawal-freeze', {
      config: { refusals: ['USER_NOT_FOUND'], auth: 'admin' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "Whether the member's owner froze the account's withdrawals",
        params: idParams,
        response: { 200: envelopeSchema(z.object({ frozenByOwner: z.boolean() })) },
      },
      handler: async (request) =>
        ok({ frozenByOwner: await freeze.frozenByOwner(request.params.id) }),
    });

    app.post('/users/:id/withdrawal-freeze/lift', {
      config: { refusals: ['USER_NOT_FOUND', 'WITHDRAWAL_FREEZE_NOT_FOUND'], auth: 'admin' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "Lift the owner's freeze of the member's withdrawals (audited)",
        description:
          'WITHDRAWAL_FREEZE_NOT_FOUND when the owner has not frozen the account. Audited WITHDRAWAL_FREEZE_LIFTED.',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ frozenByOwner: z.boolean() })) },
      },
      handler: async (request) => {
        await freeze.lift(request.params.id, actorOf(request));
        return ok({ frozenByOwner: false });
      },
    });
  };
}
