import { z } from 'zod';
import { ADMIN_PAGE_SIZE, USER_STATUSES } from './constants';

/**
 * Wire schemas of the admin user reports (admin section 2, "/admin/user-reports"): per member
 * financial, referral and activity counters, built from the records the platform keeps.
 */

export const REPORT_SORTS = [
  '-createdAt',
  'createdAt',
  '-lastLogin',
  '-balance',
  '-totalEarned',
  'name',
] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export const userReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(REPORT_SORTS).default('-createdAt'),
});
export type UserReportsQuery = z.infer<typeof userReportsQuerySchema>;

/** The activity types of admin section 2. */
export const ACTIVITY_TYPES = [
  'LOGIN',
  'REWARD_CLAIM',
  'WITHDRAWAL',
  'REFERRAL',
  'SUBSCRIPTION',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Amounts in USDT. */
export const userReportSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  joinedAt: z.string(),
  financial: z.object({
    balance: z.number(),
    locked: z.number(),
    /** Held while a downline member's UID link is under review (decision 044). */
    held: z.number(),
    pending: z.number(),
    totalEarned: z.number(),
    totalWithdrawn: z.number(),
    forfeited: z.number(),
    /** How many USDT payments were received. */
    subscriptionPayments: z.number(),
    /** Their sum. */
    subscriptionPaid: z.number(),
  }),
  referrals: z.object({
    direct: z.number(),
    /** Every level, up to 15. */
    network: z.number(),
    /** Network members whose account is ACTIVE. */
    activeNetwork: z.number(),
  }),
  /**
   * Trading, from the exchange data the member's completed reward cycles were computed from:
   * the commission their trading earned the master account, and their trading volume, summed
   * over the cycles that carry it (a CSV cycle has none). `volume` is null when no cycle does.
   */
  trading: z.object({
    cycles: z.number(),
    commission: z.number(),
    volume: z.number().nullable(),
    cyclesWithVolume: z.number(),
  }),
  activity: z.object({
    lastLogin: z.string().nullable(),
    loginsLast30Days: z.number(),
    /** Withdrawal requests, any status. */
    withdrawals: z.number(),
    /** Reward credits (direct and downline), one per payment or cycle. */
    rewardCredits: z.number(),
    lastActivityAt: z.string().nullable(),
  }),
});
export type UserReport = z.infer<typeof userReportSchema>;

export const userReportsResponseSchema = z.object({
  reports: z.array(userReportSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type UserReportsResponse = z.infer<typeof userReportsResponseSchema>;

export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  summary: z.string(),
  /** USDT, for money activities. */
  amount: z.number().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** The 50 newest activities, newest first. */
export const TIMELINE_LIMIT = 50;

export const userReportDetailSchema = userReportSchema.extend({
  timeline: z.array(activitySchema),
});
export type UserReportDetail = z.infer<typeof userReportDetailSchema>;
