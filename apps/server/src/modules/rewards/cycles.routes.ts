import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  CYCLE_CSV_MAX_BYTES,
  cycleDetailSchema,
  cycleIdParamsSchema,
  cyclePreviewRequestSchema,
  cyclesQuerySchema,
  cyclesResponseSchema,
} from '@ctn/contracts/cycles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { CyclesService } from './cycles.service';

const tags = ['Admin: reward cycles'];
const security = [{ bearerAuth: [] }];

/** Beyond the spec: DOWNLINE cycles, under /api/rewards/admin/cycles. Administrators only. */
export function cyclesRoutes(cycles: CyclesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Cycles, newest first',
        querystring: cyclesQuerySchema,
        response: { 200: envelopeSchema(cyclesResponseSchema) },
      },
      handler: async (request) => ok(await cycles.list(request.query.page, request.query.limit)),
    });

    app.post('/preview', {
      config: {
        auth: 'admin',
        refusals: [
          'NOT_FOUND',
          'CYCLE_PERIOD_OVERLAP',
          'CYCLE_CORRECTION_UNCONFIRMED',
          'CYCLE_CORRECTION_OF_CORRECTION',
          'EXCHANGE_UNAVAILABLE',
        ],
      },
      // A CSV of 100k members is a few MB; every other route keeps the small default. The file
      // (at most CYCLE_CSV_MAX_BYTES) travels as a JSON string, where every line break, tab and
      // quote takes two bytes: twice the file leaves room for that, and no more.
      bodyLimit: 2 * CYCLE_CSV_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        security,
        summary: 'Prepare a draft cycle from the exchange or a CSV, and preview it',
        description:
          'EXCHANGE sums the BingX agent commission (`commissionVolume`) of each linked UID over the period; CSV takes `uid,amount` lines (comma, semicolon or tab; an optional header). Lines are validated one by one; the answer lists unknown UIDs and line errors and projects the payout by level with the current schedule and member states. Nothing is credited until the draft is run.',
        body: cyclePreviewRequestSchema,
        response: { 200: envelopeSchema(cycleDetailSchema) },
      },
      handler: async (request) => ok(await cycles.prepare(request.body, actorOf(request))),
    });

    app.get('/:id', {
      config: { auth: 'admin', refusals: ['NOT_FOUND'] },
      schema: {
        tags,
        security,
        summary: 'A cycle with its preview, its progress while running, and its statement',
        params: cycleIdParamsSchema,
        response: { 200: envelopeSchema(cycleDetailSchema) },
      },
      handler: async (request) => ok(await cycles.detail(request.params.id)),
    });

    app.post('/:id/run', {
      config: { auth: 'admin', refusals: ['NOT_FOUND', 'CYCLE_PERIOD_OVERLAP'] },
      schema: {
        tags,
        security,
        summary:
          'Run a draft (or a failed or interrupted run); running again credits nothing twice',
        params: cycleIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: envelopeSchema(cycleDetailSchema) },
      },
      handler: async (request) => ok(await cycles.run(request.params.id, actorOf(request))),
    });

    app.delete('/:id', {
      config: { auth: 'admin', refusals: ['NOT_FOUND'] },
      schema: {
        tags,
        security,
        summary: 'Discard a draft',
        params: cycleIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        await cycles.discard(request.params.id, actorOf(request));
        return ok(null);
      },
    });
  };
}
