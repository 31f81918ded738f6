import { envelopeSchema } from '@ctn/contracts/envelope';
import { treasuryOverviewSchema } from '@ctn/contracts/treasury';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { TreasuryService } from './treasury.service';

/** GET /api/admin/treasury (administrators only). */
export function treasuryRoutes(treasury: TreasuryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/treasury', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: treasury'],
        security: [{ bearerAuth: [] }],
        summary: 'Holdings on chain against liabilities to members, coverage, daily snapshots',
        description:
          'Holdings by place (every deposit address summed, the hot wallet, each TREASURY_ADDRESSES address) as exact USDT decimal strings with the time of their last good read and whether they are stale (a later read failed: the last good value is kept, never zero); liabilities from the ledger by bucket (available, locked, pending withdrawal requests, withdrawals approved and not yet settled); coverage = holdings / liabilities (null when either is unknown or nothing is owed); the last scan and up to 90 daily snapshots. Read from the database: a background job scans the chain.',
        response: { 200: envelopeSchema(treasuryOverviewSchema) },
      },
      handler: async () => ok(await treasury.overview()),
    });
  };
}
