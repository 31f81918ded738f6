import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  userReportDetailSchema,
  userReportsQuerySchema,
  userReportsResponseSchema,
} from '@ctn/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { ReportsService } from './reports.service';

const tags = ['Admin: user reports'];
const security = [{ bearerAuth: [] }];

/** Admin user reports (admin section 2), under /api/users. Administrators only. */
export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/reports', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Members with financial, referral and activity counters, paginated, searchable (name, email, user ID) and filtered by status',
        querystring: userReportsQuerySchema,
        response: { 200: envelopeSchema(userReportsResponseSchema) },
      },
      handler: async (request) => ok(await reports.list(request.query)),
    });

    app.get('/admin/reports/:id', {
      config: { auth: 'admin', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        security,
        summary:
          "One member's report and their 50 newest activities (LOGIN, REWARD_CLAIM, WITHDRAWAL, REFERRAL, SUBSCRIPTION)",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: envelopeSchema(userReportDetailSchema) },
      },
      handler: async (request) => ok(await reports.detail(request.params.id)),
    });
  };
}
