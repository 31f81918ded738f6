import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  markRiskReviewedRequestSchema,
  riskSignalSchema,
  riskSignalsQuerySchema,
  riskSignalsResponseSchema,
} from '@ctn/contracts/risk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { RiskService } from './risk.service';

/** /api/admin/risk: the risk center's signals and their review (administrators). */
export function riskRoutes(risk: RiskService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Admin: risk center'];
    const security = [{ bearerAuth: [] }];
    app.get('/risk', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Risk signals, newest first; unreviewed only unless show=all',
        querystring: riskSignalsQuerySchema,
        response: { 200: envelopeSchema(riskSignalsResponseSchema) },
      },
      handler: async (request) => ok(await risk.list(request.query.show)),
    });
    app.post('/risk/reviews', {
      config: { refusals: ['RISK_SIGNAL_NOT_FOUND'], auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Mark a signal reviewed (audited); it stays listed under show=all',
        body: markRiskReviewedRequestSchema,
        response: { 200: envelopeSchema(riskSignalSchema) },
      },
      handler: async (request) => ok(await risk.markReviewed(request.body.key, actorOf(request))),
    });
  };
}
