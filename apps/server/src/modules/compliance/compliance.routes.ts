import { complianceRunResultSchema, complianceStatusSchema } from '@ctn/contracts/compliance';
import { z } from 'zod';
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

    app.get('/compliance/status', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary: 'The last compliance run, and a held run waiting to be acknowledged',
        response: { 200: envelopeSchema(complianceStatusSchema) },
      },
      handler: async () => ok(await compliance.status()),
    });

    app.post('/compliance/runs/:id/acknowledge', {
      config: { auth: 'admin', refusals: ['NOT_FOUND'] },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary: 'Acknowledge a held compliance run (the dashboard alert goes); audited',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        await compliance.acknowledge(request.params.id, actorOf(request));
        return ok(null);
      },
    });
  };
}
