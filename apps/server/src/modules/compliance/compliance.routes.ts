import {
  complianceDecisionsQuerySchema,
  complianceDecisionsSchema,
  complianceModeInputSchema,
  complianceRunResultSchema,
  complianceStatusSchema,
} from '@ctn/contracts/compliance';
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
        summary: 'Run the daily compliance check now, in the mode in force, and answer what it did',
        description:
          'enforce: locks the earnings of members who do not meet the conditions (mailed), sends the day 7, 21 and 28 reminders, forfeits locked funds after 30 days and releases them for members who are compliant again. shadow: decides the same and records each decision with its evidence, changes no balance, lock, status or member mail, and mails the administrators a summary; the counts are what it would have done. Safe to repeat: a second enforced run the same day changes nothing. Audited (COMPLIANCE_RUN with the counts). A run already in progress on this instance is joined.',
        response: { 200: envelopeSchema(complianceRunResultSchema) },
      },
      handler: async (request) => ok(await compliance.runFor(actorOf(request))),
    });

    app.get('/compliance/status', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary:
          'The compliance mode, the last run, the last shadow run with its figures, a held run waiting to be acknowledged, and the copy-trading evidence',
        response: { 200: envelopeSchema(complianceStatusSchema) },
      },
      handler: async () => ok(await compliance.status()),
    });

    app.put('/compliance/mode', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary: 'Switch compliance between shadow and enforce (audited)',
        description:
          'Applies from the next run. Audited as COMPLIANCE_MODE_CHANGED. 409 COMPLIANCE_MODE_FROM_ENVIRONMENT while COMPLIANCE_MODE is set in the server environment.',
        body: complianceModeInputSchema,
        response: { 200: envelopeSchema(complianceStatusSchema) },
      },
      handler: async (request) => ok(await compliance.setMode(actorOf(request), request.body.mode)),
    });

    app.get('/compliance/runs/:id/decisions', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: compliance'],
        security: [{ bearerAuth: [] }],
        summary: "A shadow run's decisions with their evidence, locks and forfeits first",
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: complianceDecisionsQuerySchema,
        response: { 200: envelopeSchema(complianceDecisionsSchema) },
      },
      handler: async (request) => ok(await compliance.decisions(request.params.id, request.query)),
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
