import { z } from 'zod';
import {
  REFERRAL_HISTORY_PAGE_SIZE,
  REFERRAL_LEVELS,
  TREE_DEFAULT_LEVELS,
  USER_STATUSES,
} from './constants';

/**
 * Wire schemas of the referral network calls (member section 7: GET /users/referral-tree and
 * GET /users/referrals/history; shapes of member section 3), plus the lazy loading of large
 * trees that goes beyond the spec (docs/decisions/008-referral-tree-lazy-loading.md).
 */

// ------------------------------------------------------------------------------- limits

/** At most this many nodes in one tree answer, whatever the size of the network. */
export const REFERRAL_TREE_NODE_LIMIT = 200;
/** At most this many children of one member per answer; the rest come with `offset`. */
export const REFERRAL_TREE_CHILDREN_PAGE = 20;
/** A search answers at most this many matching members (with their uplines up to the viewer). */
export const REFERRAL_TREE_SEARCH_LIMIT = 50;
export const REFERRAL_TREE_SEARCH_MAX_LENGTH = 100;
/** The largest `limit` of a history page. */
export const REFERRAL_HISTORY_MAX_LIMIT = 100;

// ------------------------------------------------------------------------ query helpers

const LEVEL_MESSAGE = `must be a whole number from 1 to ${REFERRAL_LEVELS}`;

/** An empty query value (`?level=`) counts as absent. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const levelParam = z.coerce
  .number({ error: `Level ${LEVEL_MESSAGE}` })
  .int(`Level ${LEVEL_MESSAGE}`)
  .min(1, `Level ${LEVEL_MESSAGE}`)
  .max(REFERRAL_LEVELS, `Level ${LEVEL_MESSAGE}`);

const optionalLevel = z.preprocess(blankAsAbsent, levelParam.optional());

const defaultLevels = (name: string) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `${name} ${LEVEL_MESSAGE}` })
      .int(`${name} ${LEVEL_MESSAGE}`)
      .min(1, `${name} ${LEVEL_MESSAGE}`)
      .max(REFERRAL_LEVELS, `${name} ${LEVEL_MESSAGE}`)
      .default(TREE_DEFAULT_LEVELS),
  );

// ------------------------------------------------------------------ GET /referral-tree

export const referralTreeQuerySchema = z.object({
  maxLevels: defaultLevels('maxLevels').describe(
    'How many levels below the caller the tree covers, 1 to 15 (default 15). Statistics and descendant counts cover the same levels.',
  ),
  parentId: z
    .preprocess(blankAsAbsent, z.uuid('parentId must be a member id').optional())
    .describe(
      "Beyond the spec: answer only this member's children (from `offset`) with what lies below them, instead of the whole first screen. The member must be in the caller's network (or the caller); any other id answers NOT_FOUND.",
    ),
  offset: z
    .preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: 'offset must be a whole number from 0' })
        .int('offset must be a whole number from 0')
        .min(0, 'offset must be a whole number from 0')
        .max(1_000_000, 'offset is too large')
        .default(0),
    )
    .describe(
      "Beyond the spec, with `parentId`: skip this many of the member's children (they are ordered by join date).",
    ),
  search: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string()
        .trim()
        .max(
          REFERRAL_TREE_SEARCH_MAX_LENGTH,
          `search must be at most ${REFERRAL_TREE_SEARCH_MAX_LENGTH} characters`,
        )
        .optional(),
    )
    .describe(
      `Beyond the spec: only the members whose name, email or ID contains this text (at most ${REFERRAL_TREE_SEARCH_LIMIT}), each with its uplines up to the caller. Not with parentId.`,
    ),
});
export type ReferralTreeQuery = z.infer<typeof referralTreeQuerySchema>;

export const referralTreeUserInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userId: z.string(),
});

export const referralTreeStatisticsSchema = z.object({
  totalReferrals: z.number().int().describe('Members within `maxLevels` levels below the caller.'),
  directReferrals: z.number().int().describe('Members on level 1.'),
  indirectReferrals: z.number().int().describe('Members on levels 2 and deeper.'),
  maxDepthReached: z.number().int().describe('The deepest level that has a member (0: none).'),
  totalEarningsFromTree: z
    .number()
    .describe(
      'USDT the caller earned from these members: the DIRECT and DOWNLINE reward lines credited to the caller for them.',
    ),
  averageEarningsPerReferral: z
    .number()
    .describe('totalEarningsFromTree / totalReferrals (0 without referrals).'),
});
export type ReferralTreeStatistics = z.infer<typeof referralTreeStatisticsSchema>;

export interface ReferralTreeNode {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  level: number;
  totalRewards: number;
  totalDescendants: number;
  hasChildren: boolean;
  children: ReferralTreeNode[];
  childCount: number;
  matched?: boolean | undefined;
}

export const referralTreeNodeSchema: z.ZodType<ReferralTreeNode> = z
  .lazy(
    () =>
      z.object({
        _id: z.string(),
        userId: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        level: z.number().int().describe('1 = referred by the caller.'),
        totalRewards: z
          .number()
          .describe(
            'USDT the caller earned from this member: the DIRECT and DOWNLINE reward lines credited to the caller for them.',
          ),
        totalDescendants: z
          .number()
          .int()
          .describe("Members below this one, down to the caller's `maxLevels`."),
        hasChildren: z
          .boolean()
          .describe('The member has referrals of their own (within 15 levels of the caller).'),
        children: z
          .array(referralTreeNodeSchema)
          .describe(
            'The children carried by this answer, oldest first: all of them, the first ones (`children.length < childCount`), or none yet. Fetch the rest with `parentId` and `offset`.',
          ),
        childCount: z
          .number()
          .int()
          .describe('Beyond the spec: how many children the member has (direct referrals).'),
        matched: z
          .boolean()
          .optional()
          .describe('Beyond the spec, in search answers: this member matches the search.'),
      }),
    // Registered with an id: a recursive schema is a component of the API document, referenced by
    // its children (an unnamed one would be referenced but never emitted).
  )
  .meta({ id: 'ReferralTreeNode' });

const treeLimitsShape = {
  maxLevels: z.number().int(),
  nodeLimit: z
    .number()
    .int()
    .describe(`Beyond the spec: the most nodes one answer carries (${REFERRAL_TREE_NODE_LIMIT}).`),
  childrenPageSize: z
    .number()
    .int()
    .describe(
      `Beyond the spec: the most children of one member one answer carries (${REFERRAL_TREE_CHILDREN_PAGE}).`,
    ),
  nodeCount: z.number().int().describe('Beyond the spec: nodes in this answer.'),
};

/** The first screen (no `parentId`), or a search. */
export const referralTreeResponseSchema = z.object({
  userInfo: referralTreeUserInfoSchema,
  statistics: referralTreeStatisticsSchema,
  referralTree: z.array(referralTreeNodeSchema),
  ...treeLimitsShape,
  search: z.string().nullable().describe('Beyond the spec: the search this answer is for.'),
  searchTruncated: z
    .boolean()
    .describe(
      `Beyond the spec: more than ${REFERRAL_TREE_SEARCH_LIMIT} members match; only the first are shown.`,
    ),
});
export type ReferralTreeResponse = z.infer<typeof referralTreeResponseSchema>;

/** Beyond the spec: the answer with `parentId` (a node's children, lazily). */
export const referralTreeChildrenResponseSchema = z.object({
  parentId: z.string(),
  parentLevel: z.number().int().describe('0 when the parent is the caller.'),
  offset: z.number().int(),
  childCount: z.number().int().describe("How many children the parent has in the caller's view."),
  referralTree: z
    .array(referralTreeNodeSchema)
    .describe("The parent's children from `offset`, with what lies below them."),
  ...treeLimitsShape,
});
export type ReferralTreeChildrenResponse = z.infer<typeof referralTreeChildrenResponseSchema>;

// -------------------------------------------------------------- GET /referrals/history

export const referralHistoryQuerySchema = z.object({
  page: z
    .preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: 'page must be a whole number from 1' })
        .int('page must be a whole number from 1')
        .min(1, 'page must be a whole number from 1')
        .max(1_000_000, 'page is too large')
        .default(1),
    )
    .describe('1-based page (default 1).'),
  limit: z
    .preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: `limit must be a whole number from 1 to ${REFERRAL_HISTORY_MAX_LIMIT}` })
        .int(`limit must be a whole number from 1 to ${REFERRAL_HISTORY_MAX_LIMIT}`)
        .min(1, `limit must be a whole number from 1 to ${REFERRAL_HISTORY_MAX_LIMIT}`)
        .max(
          REFERRAL_HISTORY_MAX_LIMIT,
          `limit must be a whole number from 1 to ${REFERRAL_HISTORY_MAX_LIMIT}`,
        )
        .default(REFERRAL_HISTORY_PAGE_SIZE),
    )
    .describe(`Page size, 1 to ${REFERRAL_HISTORY_MAX_LIMIT} (default 10).`),
  status: z
    .preprocess(
      blankAsAbsent,
      z.enum(USER_STATUSES, { error: 'status must be ACTIVE, LOCKED or DISABLED' }).optional(),
    )
    .describe('Only members with this status.'),
  level: optionalLevel.describe('Only members on this level (1 to 15).'),
  maxLevel: defaultLevels('maxLevel').describe(
    'Only members down to this level (1 to 15, default 15); the statistics cover the same levels.',
  ),
});
export type ReferralHistoryQuery = z.infer<typeof referralHistoryQuerySchema>;

export const referralHistoryStatisticsSchema = z
  .object({
    totalReferrals: z.number().int(),
    activeReferrals: z.number().int().describe('Members whose status is ACTIVE.'),
    bingxLinked: z.number().int().describe('Members who linked an exchange UID.'),
    paidSubscriptions: z.number().int().describe('Members whose subscription is paid today.'),
  })
  .describe(
    'The whole network down to `maxLevel`: the `level` and `status` filters narrow the list, not these figures.',
  );
export type ReferralHistoryStatistics = z.infer<typeof referralHistoryStatisticsSchema>;

export const referralItemSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  status: z.string().describe('ACTIVE, LOCKED or DISABLED.'),
  subscriptionPaid: z.boolean(),
  subscriptionTimestamp: z.string().nullable().describe('When the subscription was last paid.'),
  bingxLinked: z.boolean(),
  joinedAt: z.string(),
});
export type ReferralItem = z.infer<typeof referralItemSchema>;

export const referralPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type ReferralPagination = z.infer<typeof referralPaginationSchema>;

export const referralHistoryResponseSchema = z.object({
  referralCode: z.string(),
  statistics: referralHistoryStatisticsSchema,
  referrals: z.array(referralItemSchema).describe('Newest members first.'),
  pagination: referralPaginationSchema,
});
export type ReferralHistoryResponse = z.infer<typeof referralHistoryResponseSchema>;

// ------------------------------------------------ GET /referrals/funnel (beyond the spec)

/** Where each direct invitee got to: the stages in order. */
export const FUNNEL_STAGES = ['registered', 'verified', 'paid', 'linked', 'trading'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * One stage of one invitee: `reached` true or false, or null when unknown (trading, while the
 * exchange has not said); `at` when it was reached, when known.
 */
export const funnelStepSchema = z.object({
  reached: z.boolean().nullable(),
  at: z.string().nullable(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const REFERRAL_FUNNEL_PAGE = 20;

export const referralFunnelQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(REFERRAL_FUNNEL_PAGE),
});
export type ReferralFunnelQuery = z.infer<typeof referralFunnelQuerySchema>;

export const inviteeFunnelSchema = z.object({
  _id: z.string(),
  /** Masked as the product names members (first name and initial). */
  name: z.string(),
  stages: z.object({
    registered: funnelStepSchema,
    verified: funnelStepSchema,
    paid: funnelStepSchema,
    linked: funnelStepSchema,
    trading: funnelStepSchema,
  }),
  /** USDT the caller earned from this invitee (DIRECT and DOWNLINE lines). */
  earned: z.number(),
});
export type InviteeFunnel = z.infer<typeof inviteeFunnelSchema>;

export const referralFunnelResponseSchema = z.object({
  /** Over all direct invitees: how many reached each stage; trading also counts the unknown. */
  summary: z.object({
    invitees: z.number(),
    registered: z.number(),
    verified: z.number(),
    paid: z.number(),
    linked: z.number(),
    trading: z.number(),
    tradingUnknown: z.number(),
  }),
  invitees: z.array(inviteeFunnelSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  }),
});
export type ReferralFunnelResponse = z.infer<typeof referralFunnelResponseSchema>;
