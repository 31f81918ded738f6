import { complianceRunResultSchema } from '@ctn/contracts/compliance';
import { envelopeSchema } from '@ctn/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ComplianceService } from './compliance.service';

/** POST /api/admin/compliance/run: the daily compliance check, now (administrators only). */
export function complianceRoutes(compliance: ComplianceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/compliance/run', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary: 'Run the daily compliance check now and answer what it did',
        description:
          'Locks the earnings of members who do not meet the conditions (mailed), sends the day 7, 21 and 28 reminders, forfeits locked funds after 30 days and releases them for members who are compliant again. Safe to repeat: a second run the same day changes nothing. Audited (COMPLIANCE_RUN with the counts). A run already in progress on this instance is joined.',
        response: { 200: envelopeSchema(complianceRunResultSchema) },
      },
      handler: async (request) => ok(await compliance.runFor(actorOf(request))),
    });
  };
}
