import { z } from 'zod';
import { ADMIN_PAGE_SIZE, USER_STATUSES, WITHDRAWAL_STATUSES } from './constants';
import { subscriptionPaymentSchema } from './onboarding';

/** Wire schemas of the admin calls on users (admin sections 3 and 7). */

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
};

export const ADMIN_USER_SORTS = [
  '-createdAt',
  'createdAt',
  'email',
  '-email',
  'lastName',
  '-lastName',
] as const;

export const adminUsersQuerySchema = z.object({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('-createdAt'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserListItemSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  isEmailVerified: z.boolean(),
  bingXUID: z.string().nullable(),
  referralCode: z.string(),
  referredByCode: z.string().nullable(),
  referredBy: z.object({ userId: z.string() }).nullable(),
  subscriptionFee: z.object({ paid: z.boolean() }),
  totalRewards: z.number(),
  totalWithdrawals: z.number(),
  balance: z.number(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  isAdmin: z.boolean(),
  walletAddress: z.string().nullable(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;

export const adminUsersStatsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  lockedUsers: z.number(),
  disabledUsers: z.number(),
  verifiedUsers: z.number(),
  unverifiedUsers: z.number(),
  onboardingCompleted: z.number(),
  subscriptionPaid: z.number(),
});

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserListItemSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalUsers: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
  stats: adminUsersStatsSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');

export const adminUserDetailQuerySchema = z.object({
  includeRewards: booleanQuery,
  includeWithdrawals: booleanQuery,
  rewardsPage: pageQuery.page,
  rewardsLimit: pageQuery.limit,
  withdrawalsPage: pageQuery.page,
  withdrawalsLimit: pageQuery.limit,
  rewardType: z.enum(['DIRECT', 'DOWNLINE']).optional(),
  withdrawalStatus: z.enum(WITHDRAWAL_STATUSES).optional(),
});
export type AdminUserDetailQuery = z.infer<typeof adminUserDetailQuerySchema>;

const listPagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  limit: z.number(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});

export const adminUserDetailSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  status: z.enum(USER_STATUSES),
  bingXUID: z.string().nullable(),
  walletAddress: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
  /**
   * Beyond the spec: the mail relay refused mail to this address for good (a 5xx answer about the
   * recipient), since when and its answer; null until then, and again once a mail is accepted.
   */
  emailUndeliverable: z.object({ since: z.string(), answer: z.string() }).nullable(),
  /**
   * Beyond the spec: the member's second factor is on, so an administrator may reset it after the
   * identity checks (decision 039).
   */
  twoFactorEnabled: z.boolean(),
  totalRewards: z.number(),
  balance: z.number(),
  totalWithdrawn: z.number(),
  /**
   * Beyond the spec: the other buckets, so the page adds up (balance + locked + held + pending +
   * withdrawn + forfeited = totalRewards) while a withdrawal is pending or credits are held.
   */
  buckets: z.object({
    locked: z.number(),
    held: z.number(),
    pending: z.number(),
    forfeited: z.number(),
  }),
  referralStats: z.object({ totalReferrals: z.number(), directReferrals: z.number() }),
  referredBy: z
    .object({ _id: z.string(), firstName: z.string(), lastName: z.string(), userId: z.string() })
    .nullable(),
  /** Beyond the spec: the member's USDT payments, newest first (at most 50). */
  subscriptionPayments: z.array(subscriptionPaymentSchema),
  /** The block explorer of the chain the payments were made on (links: `${explorerUrl}/tx/…`). */
  explorerUrl: z.string().nullable(),
  subscriptionFee: z.object({
    hasPaid: z.boolean(),
    amount: z.number().nullable(),
    timestamp: z.string().nullable(),
  }),
  rewards: z.object({
    data: z.array(z.record(z.string(), z.unknown())),
    statistics: z.object({
      total: z.number(),
      totalRewardAmount: z.number(),
      directRewardsCount: z.number(),
      downlineRewardsCount: z.number(),
    }),
    pagination: listPagination,
  }),
  withdrawals: z.object({
    data: z.array(z.record(z.string(), z.unknown())),
    statistics: z.object({
      total: z.number(),
      pending: z.number(),
      approved: z.number(),
      rejected: z.number(),
      blocked: z.number(),
      totalApprovedAmount: z.number(),
      totalPendingAmount: z.number(),
      totalRequestedAmount: z.number(),
    }),
    pagination: z.object({
      currentPage: z.number(),
      totalPages: z.number(),
      totalRecords: z.number(),
      hasNextPage: z.boolean(),
      hasPrevPage: z.boolean(),
      limit: z.number(),
      resultsCount: z.number(),
    }),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userStatusRequestSchema = z.object({ status: z.string().max(32) });

export const overallStatsSchema = z.object({
  users: z.object({
    totalUsers: z.number(),
    completedOnboarding: z.number(),
    newUsersToday: z.number(),
  }),
  withdrawals: z.object({ pendingCount: z.number(), totalAmount: z.number() }),
  rewards: z.object({ totalDistributed: z.number() }),
  recentWithdrawals: z.array(
    z.object({
      _id: z.string(),
      user: z.object({ name: z.string() }),
      amount: z.number(),
      createdAt: z.string(),
      status: z.enum(WITHDRAWAL_STATUSES),
    }),
  ),
  recentJoinedUsers: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      joinedAt: z.string(),
      onboardingCompleted: z.boolean(),
    }),
  ),
  /** The last DASHBOARD_SERIES_DAYS UTC days, oldest first, every day present (zeros included). */
  series: z.object({
    signups: z.array(z.object({ date: z.string(), count: z.number() })),
    /** USDT received from subscription payments. */
    payments: z.array(z.object({ date: z.string(), amount: z.number() })),
    /** USDT of APPROVED withdrawals, by the day they were processed. */
    payouts: z.array(z.object({ date: z.string(), amount: z.number() })),
  }),
});
export type OverallStats = z.infer<typeof overallStatsSchema>;
export type DailySeries = OverallStats['series'];

export const DASHBOARD_SERIES_DAYS = 30;
