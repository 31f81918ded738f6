import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  REFERRAL_TREE_CHILDREN_PAGE,
  REFERRAL_TREE_NODE_LIMIT,
  referralFunnelQuerySchema,
  referralFunnelResponseSchema,
  referralHistoryQuerySchema,
  referralHistoryResponseSchema,
  referralTreeChildrenResponseSchema,
  referralTreeQuerySchema,
  referralTreeResponseSchema,
} from '@ctn/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { ReferralsService } from './referrals.service';

const tags = ['Referral network'];

/** The referral network calls of member section 7, under /api/users. */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/referral-tree', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND', 'NOT_FOUND'] },
      schema: {
        tags,
        summary: "The caller's referral tree, loaded lazily",
        description: [
          'Without `parentId`: `userInfo`, `statistics` and `referralTree`, the top of the network breadth first (oldest members first) down to `maxLevels`.',
          `Beyond the spec, for networks of any size: one answer carries at most \`nodeLimit\` (${REFERRAL_TREE_NODE_LIMIT}) nodes and at most \`childrenPageSize\` (${REFERRAL_TREE_CHILDREN_PAGE}) children of one member. A node whose \`children\` are fewer than its \`childCount\` has more: ask again with \`parentId\` = that node and \`offset\` = the children already shown; the answer is then \`{parentId, parentLevel, offset, childCount, referralTree}\` with the next children and what lies below them. The top level is fetched the same way with \`parentId\` = the caller.`,
          '`search` answers the matching members with their uplines up to the caller instead of the top of the tree.',
          "Only the caller's own network is visible: a `parentId` outside it answers NOT_FOUND. `maxLevels` outside 1..15 answers VALIDATION_ERROR. Earnings (`totalRewards` per node, `totalEarningsFromTree`, `averageEarningsPerReferral`) are what the caller earned from those members (DIRECT and DOWNLINE lines).",
        ].join('\n\n'),
        security: [{ bearerAuth: [] }],
        querystring: referralTreeQuerySchema,
        response: {
          200: envelopeSchema(
            z.union([referralTreeResponseSchema, referralTreeChildrenResponseSchema]),
          ),
        },
      },
      handler: async (request) => ok(await referrals.tree(sessionOf(request).id, request.query)),
    });

    app.get('/referrals/history', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: "The caller's referrals, newest first, with statistics",
        description:
          '`statistics` cover the whole network down to `maxLevel`; `level` and `status` narrow the list. Pages are stable: members are ordered by join date, then id.',
        security: [{ bearerAuth: [] }],
        querystring: referralHistoryQuerySchema,
        response: { 200: envelopeSchema(referralHistoryResponseSchema) },
      },
      handler: async (request) => ok(await referrals.history(sessionOf(request).id, request.query)),
    });

    app.get('/referrals/funnel', {
      config: { auth: 'user', refusals: [] },
      schema: {
        tags,
        summary:
          "The caller's direct invitees: the stages each reached, and what each earned the caller",
        description:
          'Stages registered, verified, paid (a first full period), linked, trading, each with `reached` and the time when known; trading `reached` is null while the exchange has not told us. `summary` counts every direct invitee; the list is paged, newest first; names are shortened (first name and initial).',
        security: [{ bearerAuth: [] }],
        querystring: referralFunnelQuerySchema,
        response: { 200: envelopeSchema(referralFunnelResponseSchema) },
      },
      handler: async (request) => ok(await referrals.funnel(sessionOf(request).id, request.query)),
    });
  };
}
