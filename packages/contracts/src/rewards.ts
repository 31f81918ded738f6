import { z } from 'zod';
import { ADMIN_PAGE_SIZE, REFERRAL_LEVELS, REWARD_TYPES } from './constants';
import { CYCLE_SOURCES } from './cycles';

/**
 * Wire schemas of the reward calls (member sections 3 and 7: GET /rewards/stats/{userId},
 * GET /rewards/user; admin sections 3 and 7: GET /rewards/admin/all). Amounts are USDT as JSON
 * numbers (micro-USDT divided out at the edge); percents are of the master amount.
 */

/** An empty query value (`?type=`) counts as absent: the member page omits empty values. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const LEVEL_MESSAGE = `Level must be a whole number from 1 to ${REFERRAL_LEVELS}`;
const levelQuery = z.preprocess(
  blankAsAbsent,
  z.coerce
    .number({ error: LEVEL_MESSAGE })
    .int(LEVEL_MESSAGE)
    .min(1, LEVEL_MESSAGE)
    .max(REFERRAL_LEVELS, LEVEL_MESSAGE)
    .optional(),
);
const typeQuery = z.preprocess(
  blankAsAbsent,
  z.enum(REWARD_TYPES, { error: 'Type must be DIRECT or DOWNLINE' }).optional(),
);
const pageQuery = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page is too large')
  .default(1);
const limitQuery = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(fallback);

/** The member page's sort options: Newest First, Oldest First, Highest Amount, Lowest Amount. */
export const REWARD_SORTS = ['-createdAt', 'createdAt', '-rewardAmount', 'rewardAmount'] as const;
export type RewardSort = (typeof REWARD_SORTS)[number];
const sortQuery = z.preprocess(
  blankAsAbsent,
  z
    .enum(REWARD_SORTS, { error: `sort must be one of ${REWARD_SORTS.join(', ')}` })
    .default('-createdAt'),
);

/** Where a credit went: spendable, or held while the member is not eligible (DESIGN.md 4). */
/** HELD: a DOWNLINE credit held while the trading member's UID link is under review. */
export const REWARD_BUCKETS = ['AVAILABLE', 'LOCKED', 'HELD'] as const;
export type RewardBucket = (typeof REWARD_BUCKETS)[number];

/** Why a member's earnings are locked (compliance, DESIGN.md section 4). */
export const LOCK_REASONS = [
  'LOW_BALANCE',
  'COPYING_STOPPED',
  'SUBSCRIPTION_LAPSED',
  'EXCHANGE_NOT_LINKED',
  'ACCOUNT_LOCKED',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const LOCK_REASON_TEXT: Record<LockReason, string> = {
  LOW_BALANCE: 'Your BingX balance is below 100 USDT.',
  COPYING_STOPPED: 'Copy trading has stopped on your BingX account.',
  SUBSCRIPTION_LAPSED: 'Your subscription is not active.',
  EXCHANGE_NOT_LINKED: 'Your BingX account is not linked.',
  ACCOUNT_LOCKED: 'Your account is locked. Contact support.',
};

const pagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  limit: z.number(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type RewardsPagination = z.infer<typeof pagination>;

// --------------------------------------------------------- GET /rewards/stats/{userId}

export const complianceStateSchema = z.object({
  /** New rewards go to the locked bucket and withdrawals are refused while locked. */
  locked: z.boolean(),
  reasons: z.array(z.enum(LOCK_REASONS)),
  lockedSince: z.string().nullable(),
  /** When the locked funds are forfeited unless the member is compliant again. */
  forfeitsAt: z.string().nullable(),
  daysLeft: z.number().nullable(),
  checkedAt: z.string().nullable(),
});
export type ComplianceState = z.infer<typeof complianceStateSchema>;

export const earningsPointSchema = z.object({
  /** yyyy-mm-dd (UTC) */
  date: z.string(),
  direct: z.number(),
  downline: z.number(),
});
export type EarningsPoint = z.infer<typeof earningsPointSchema>;

export const rewardStatsSchema = z.object({
  currentBalance: z.number(),
  totalRewards: z.number(),
  totalWithdrawn: z.number(),
  rewardBreakdown: z.object({
    directRewards: z.number(),
    downlineRewards: z.number(),
    calculatedTotal: z.number(),
  }),
  /** Beyond the spec: the other balance buckets and the compliance state. */
  lockedBalance: z.number(),
  /** Credits held while a downline member's UID link is under review (released by an admin). */
  heldBalance: z.number(),
  pendingWithdrawals: z.number(),
  forfeited: z.number(),
  compliance: complianceStateSchema,
  /** Beyond the spec: the smallest withdrawal a member may request (an admin setting). */
  minimumWithdrawal: z.number(),
  /** Beyond the spec: until when the subscription is paid, and the monthly fee (USDT). */
  subscription: z.object({ paidUntil: z.string().nullable(), feeUsdt: z.number() }),
  /** Beyond the spec: credits per day over the last 90 days (days without credits omitted). */
  earningsOverTime: z.array(earningsPointSchema),
});
export type RewardStats = z.infer<typeof rewardStatsSchema>;

export const rewardStatsParamsSchema = z.object({ userId: z.string().trim().min(1).max(32) });

// ------------------------------------------------------------------- GET /rewards/user

export const memberRewardsQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(10),
  type: typeQuery,
  level: levelQuery,
  sort: sortQuery,
});
export type MemberRewardsQuery = z.infer<typeof memberRewardsQuerySchema>;

const personSchema = z.object({ name: z.string(), email: z.string(), userId: z.string() });

export const rewardItemSchema = z.object({
  _id: z.string(),
  type: z.enum(REWARD_TYPES),
  rewardAmount: z.number(),
  percent: z.number(),
  masterAmount: z.number(),
  level: z.number(),
  /** The cycle number of a DOWNLINE reward; null for a DIRECT one (it comes from a payment). */
  cycle: z.number().nullable(),
  createdAt: z.string(),
  /** The member whose trading produced a DOWNLINE reward; absent for direct rewards. */
  downlineUser: personSchema.optional(),
  /** Beyond the spec: where the credit went. */
  bucket: z.enum(REWARD_BUCKETS),
  /**
   * Beyond the spec: the subscription payment a DIRECT reward came from: the payer as "Alex M."
   * (their email is not shown: they may be beyond level 1), their ID, and when it was credited.
   */
  payment: z.object({ payer: z.string(), userId: z.string(), paidAt: z.string() }).optional(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;

export const memberRewardsResponseSchema = z.object({
  rewards: z.array(rewardItemSchema),
  pagination,
});
export type MemberRewardsResponse = z.infer<typeof memberRewardsResponseSchema>;

// -------------------------------------------------------------- GET /rewards/admin/all

export const adminRewardsQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(ADMIN_PAGE_SIZE),
  search: z.preprocess(blankAsAbsent, z.string().trim().max(100).optional()),
  type: typeQuery,
  level: levelQuery,
  /** Beyond the spec: one cycle's rewards (its number). */
  cycle: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).optional()),
  sort: sortQuery,
});
export type AdminRewardsQuery = z.infer<typeof adminRewardsQuerySchema>;

const adminPersonSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userId: z.string(),
});

export const adminRewardItemSchema = z.object({
  _id: z.string(),
  rewardUser: adminPersonSchema,
  /** The member whose payment (DIRECT) or trading (DOWNLINE) produced the reward. */
  downlineUser: adminPersonSchema.optional(),
  type: z.enum(REWARD_TYPES),
  level: z.number(),
  rewardAmount: z.number(),
  percent: z.number(),
  masterAmount: z.number(),
  cycle: z.number().nullable(),
  createdAt: z.string(),
  bucket: z.enum(REWARD_BUCKETS),
});
export type AdminRewardItem = z.infer<typeof adminRewardItemSchema>;

export const adminRewardStatisticsSchema = z.object({
  total: z.number(),
  totalRewardsDistributed: z.number(),
  totalDirectRewards: z.number(),
  totalDownlineRewards: z.number(),
  directRewardsCount: z.number(),
  downlineRewardsCount: z.number(),
  totalMasterAmount: z.number(),
  averageRewardAmount: z.number(),
  maxRewardAmount: z.number(),
  minRewardAmount: z.number(),
});
export type AdminRewardStatistics = z.infer<typeof adminRewardStatisticsSchema>;

export const adminRewardsResponseSchema = z.object({
  rewards: z.array(adminRewardItemSchema),
  pagination,
  statistics: adminRewardStatisticsSchema,
});
export type AdminRewardsResponse = z.infer<typeof adminRewardsResponseSchema>;

// ------------------------------------------- GET /rewards/user/cycles/{number} (beyond the spec)

/**
 * A member's own statement of one completed reward cycle: the period and source, the
 * percentages by level, and the member's lines grouped by level (how many, on what base, for
 * how much, and how much of it is locked or held for a UID review).
 */
export const memberCycleStatementSchema = z.object({
  number: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** CSV: commissions an administrator uploaded; EXCHANGE: read from BingX. */
  source: z.enum(CYCLE_SOURCES),
  completedAt: z.string().nullable(),
  /** Percent of the master amount per level, level 1 first. */
  percents: z.array(z.number()),
  levels: z.array(
    z.object({
      level: z.number(),
      lines: z.number(),
      base: z.number(),
      amount: z.number(),
      available: z.number(),
      locked: z.number(),
      held: z.number(),
    }),
  ),
  total: z.number(),
  available: z.number(),
  locked: z.number(),
  held: z.number(),
});
export type MemberCycleStatement = z.infer<typeof memberCycleStatementSchema>;
export const cycleNumberParamsSchema = z.object({
  number: z.coerce.number().int().min(1).max(2_000_000_000),
});
