import { auditLogQuerySchema, auditLogResponseSchema } from '@ctn/contracts/audit';
import { envelopeSchema } from '@ctn/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { AuditService } from './audit.service';

/** GET /api/admin/audit-log: administrators only, newest first, filtered by actor, action and date. */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit-log', {
      config: { auth: 'admin', refusals: ['VALIDATION_ERROR'] },
      schema: {
        tags: ['Admin: audit log'],
        security: [{ bearerAuth: [] }],
        summary:
          'Every administrator action and sign-in with who, what, before and after, when and from where',
        querystring: auditLogQuerySchema,
        response: { 200: envelopeSchema(auditLogResponseSchema) },
      },
      handler: async (request) => ok(await audit.list(request.query)),
    });
  };
}
