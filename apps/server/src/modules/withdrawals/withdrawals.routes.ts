import { envelopeSchema } from '@ctn/contracts/envelope';
import { withdrawalsQuerySchema, withdrawalsResponseSchema } from '@ctn/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { WithdrawalsService } from './withdrawals.service';

/** The member's withdrawal calls of member section 7, under /api/withdrawals. */
export function withdrawalsRoutes(withdrawals: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', {
      config: { auth: 'user' },
      schema: {
        tags: ['Withdrawals'],
        security: [{ bearerAuth: [] }],
        summary: "The caller's withdrawal requests, newest first",
        querystring: withdrawalsQuerySchema,
        response: { 200: envelopeSchema(withdrawalsResponseSchema) },
      },
      handler: async (request) =>
        ok(await withdrawals.listOwn(sessionOf(request).id, request.query)),
    });
  };
}
