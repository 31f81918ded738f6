import type { AuditService } from '../audit/audit.service';
import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  adminRewardsQuerySchema,
  adminRewardsResponseSchema,
  cycleNumberParamsSchema,
  memberCycleStatementSchema,
  memberRewardsQuerySchema,
  memberRewardsResponseSchema,
  rewardStatsParamsSchema,
  rewardStatsSchema,
} from '@ctn/contracts/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_EXPORT_DESCRIPTION, CSV_EXPORT_RESPONSE, csvHeaders, csvStream } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf, sessionOf } from '../../plugins/auth';
import type { RewardsService } from './rewards.service';

const security = [{ bearerAuth: [] }];

/** The reward calls of member and admin section 7, under /api/rewards. */
export function rewardsRoutes(rewards: RewardsService, audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/stats/:userId', {
      config: { auth: 'user', refusals: ['FORBIDDEN', 'USER_NOT_FOUND'] },
      schema: {
        tags: ['Rewards'],
        summary: "A member's balances, earnings and compliance state (RewardStats)",
        description:
          "`userId` is the member's public number (CT...). A member reads only their own (FORBIDDEN otherwise); an administrator reads any. Beyond the spec: the locked, pending and forfeited buckets, the compliance lock with its reasons and days left, and earnings per day over the last 90 days.",
        security,
        params: rewardStatsParamsSchema,
        response: { 200: envelopeSchema(rewardStatsSchema) },
      },
      handler: async (request) =>
        ok(await rewards.stats(sessionOf(request), request.params.userId)),
    });

    app.get('/user', {
      config: { auth: 'user' },
      schema: {
        tags: ['Rewards'],
        summary: "The caller's reward lines, filtered, sorted and paginated",
        security,
        querystring: memberRewardsQuerySchema,
        response: { 200: envelopeSchema(memberRewardsResponseSchema) },
      },
      handler: async (request) =>
        ok(await rewards.memberRewards(sessionOf(request).id, request.query)),
    });

    app.get('/user/cycles/:number', {
      config: { auth: 'user', refusals: ['NOT_FOUND'] },
      schema: {
        tags: ['Rewards'],
        summary: "The caller's statement of a completed reward cycle, grouped by level",
        description:
          "Beyond the spec: period, source, the percentages by level, and the caller's lines per level (count, base, amount, available and locked). NOT_FOUND for a cycle that is not completed.",
        security,
        params: cycleNumberParamsSchema,
        response: { 200: envelopeSchema(memberCycleStatementSchema) },
      },
      handler: async (request) =>
        ok(await rewards.memberCycleStatement(sessionOf(request).id, request.params.number)),
    });

    app.get('/user/export', {
      config: { auth: 'user' },
      schema: {
        tags: ['Rewards'],
        summary: "The caller's reward lines under the page's filters (type, level, sort) as CSV",
        description: `Beyond the spec. ${CSV_EXPORT_DESCRIPTION}`,
        security,
        querystring: memberRewardsQuerySchema.omit({ page: true, limit: true }),
        response: CSV_EXPORT_RESPONSE,
      },
      handler: async (request, reply) => {
        const csv = await rewards.memberExportCsv(sessionOf(request).id, request.query);
        return reply.headers(csvHeaders(csv.filename)).send(csvStream(csv));
      },
    });

    app.get('/admin/all', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: rewards'],
        summary: 'Every reward line with statistics over the same filters',
        description:
          '`search` matches the receiving or the producing member by name, email or public number. Beyond the spec: `cycle` (a cycle number) and `sort` like the member list.',
        security,
        querystring: adminRewardsQuerySchema,
        response: { 200: envelopeSchema(adminRewardsResponseSchema) },
      },
      handler: async (request) => ok(await rewards.adminRewards(request.query)),
    });

    app.get('/admin/export', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: rewards'],
        summary:
          'The reward lines matching the list filters (search, type, level, cycle, sort) as a CSV file',
        description: CSV_EXPORT_DESCRIPTION,
        security,
        querystring: adminRewardsQuerySchema.omit({ page: true, limit: true }),
        response: CSV_EXPORT_RESPONSE,
      },
      handler: async (request, reply) => {
        // The audit service comes from the app's services: this plugin is given only `rewards`.
        const csv = await rewards.exportCsv(request.query, actorOf(request), audit);
        return reply.headers(csvHeaders(csv.filename)).send(csvStream(csv));
      },
    });
  };
}
