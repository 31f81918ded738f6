import {
  adminUserDetailQuerySchema,
  adminUserDetailSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  overallStatsSchema,
  userStatusRequestSchema,
} from '@ctn/contracts/admin';
import { USER_STATUSES } from '@ctn/contracts/constants';
import { envelopeSchema } from '@ctn/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_EXPORT_DESCRIPTION, CSV_EXPORT_RESPONSE, csvHeaders, csvStream } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AdminService } from './admin.service';

const tags = ['Admin: users'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().max(64) });

/** The admin calls on users of admin section 7, under /api/users. Administrators only. */
export function adminRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/all', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Members, paginated and searchable (name, email, user ID, referral code, UID), with the eight counters',
        querystring: adminUsersQuerySchema,
        response: { 200: envelopeSchema(adminUsersResponseSchema) },
      },
      handler: async (request) => ok(await admin.listUsers(request.query)),
    });

    app.get('/admin/export', {
      config: { auth: 'admin', refusals: ['VALIDATION_ERROR'] },
      schema: {
        tags,
        security,
        summary: 'The members matching the list filters (search, status, sort) as a CSV file',
        description: CSV_EXPORT_DESCRIPTION,
        querystring: adminUsersQuerySchema.omit({ page: true, limit: true }),
        response: CSV_EXPORT_RESPONSE,
      },
      handler: async (request, reply) => {
        const csv = await admin.exportUsers(request.query, actorOf(request));
        return reply.headers(csvHeaders(csv.filename)).send(csvStream(csv));
      },
    });

    app.get('/admin/overall-stats', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Dashboard statistics',
        response: { 200: envelopeSchema(overallStatsSchema) },
      },
      handler: async () => ok(await admin.overallStats()),
    });

    app.get('/admin/:id', {
      config: { auth: 'admin', refusals: ['USER_NOT_FOUND', 'FORBIDDEN'] },
      schema: {
        tags,
        security,
        summary: 'One member with referral, subscription, rewards and withdrawals information',
        params: idParams,
        querystring: adminUserDetailQuerySchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
      handler: async (request) => ok(await admin.userDetail(request.params.id, request.query)),
    });

    app.delete('/admin/:id', {
      config: { auth: 'admin', refusals: ['USER_NOT_FOUND', 'FORBIDDEN'] },
      schema: {
        tags,
        security,
        summary:
          'Delete a member: personal data is anonymised and the account disabled; financial history is kept',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ _id: z.string() })) },
      },
      handler: async (request) =>
        ok(await admin.deleteUser(request.params.id, actorOf(request)), 'USER_DELETED'),
    });

    app.put('/:id/status', {
      config: { auth: 'admin', refusals: ['USER_NOT_FOUND', 'INVALID_STATUS', 'FORBIDDEN'] },
      schema: {
        tags,
        security,
        summary: `Set a member's status (${USER_STATUSES.join(', ')}); LOCKED and DISABLED end the member's sessions`,
        params: idParams,
        body: userStatusRequestSchema,
        response: {
          200: envelopeSchema(z.object({ _id: z.string(), status: z.enum(USER_STATUSES) })),
        },
      },
      handler: async (request) =>
        ok(
          await admin.setStatus(request.params.id, request.body.status, actorOf(request)),
          'USER_STATUS_UPDATED',
        ),
    });
  };
}
