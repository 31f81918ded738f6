import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  reconciliationOverviewSchema,
  reconciliationReportSchema,
} from '@ctn/contracts/reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ReconciliationService } from './reconciliation.service';

const tags = ['Admin: reconciliation'];

/** GET /api/admin/reconciliation and POST /api/admin/reconciliation/run (administrators only). */
export function reconciliationRoutes(reconciliation: ReconciliationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/reconciliation', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'The latest reconciliation report and the last 30 runs',
        description:
          'The daily report compares USDT transfers to deposit addresses on chain with the subscription payments credited, every balance with its ledger entries, what the platform owes with earned - withdrawn - forfeited, and the hot wallet with the payouts being sent. Every difference is listed with its transaction hash where there is one.',
        response: { 200: envelopeSchema(reconciliationOverviewSchema) },
      },
      handler: async () => ok(await reconciliation.overview()),
    });
    app.post('/reconciliation/run', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Run the reconciliation now and answer its report',
        description:
          'Kept like the daily run, mailed to administrators when anything differs, audited (RECONCILIATION_RUN).',
        response: { 200: envelopeSchema(reconciliationReportSchema) },
      },
      handler: async (request) => ok(await reconciliation.runFor(actorOf(request))),
    });
  };
}
