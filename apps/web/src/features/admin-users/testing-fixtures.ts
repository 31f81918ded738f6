import type { AdminUserDetail, AdminUserListItem, AdminUsersResponse } from '@ctn/contracts/admin';

/** Admin answers for the tests of this feature. */

export function makeListUser(
  n: number,
  overrides: Partial<AdminUserListItem> = {},
): AdminUserListItem {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: `CT10000${n}`,
    firstName: 'Grace',
    lastName: `Hopper${n}`,
    email: `grace${n}@example.com`,
    status: 'ACTIVE',
    isEmailVerified: true,
    bingXUID: `99887766${n}`,
    referralCode: `CODE${n}`,
    referredByCode: null,
    referredBy: null,
    subscriptionFee: { paid: true },
    totalRewards: 0,
    totalWithdrawals: 0,
    balance: 0,
    createdAt: '2025-02-01T10:00:00.000Z',
    lastLogin: null,
    isAdmin: false,
    walletAddress: null,
    ...overrides,
  };
}

export function usersAnswer(
  users: AdminUserListItem[],
  pagination: Partial<AdminUsersResponse['pagination']> = {},
): AdminUsersResponse {
  return {
    users,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalUsers: users.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
    stats: {
      totalUsers: 42,
      activeUsers: 38,
      lockedUsers: 3,
      disabledUsers: 1,
      verifiedUsers: 40,
      unverifiedUsers: 2,
      onboardingCompleted: 25,
      subscriptionPaid: 27,
    },
  };
}

export function makeDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    userId: 'CT1000001',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    isEmailVerified: true,
    status: 'ACTIVE',
    bingXUID: null,
    walletAddress: null,
    referralCode: 'GRACE001',
    createdAt: '2025-02-01T10:00:00.000Z',
    updatedAt: '2025-02-03T12:30:00.000Z',
    lastLogin: null,
    emailUndeliverable: null,
    twoFactorEnabled: false,
    totalRewards: 1234.5,
    balance: 200,
    totalWithdrawn: 50.25,
    buckets: { locked: 984.25, held: 0, pending: 0, forfeited: 0 },
    referralStats: { totalReferrals: 7, directReferrals: 3 },
    referredBy: null,
    subscriptionPayments: [],
    explorerUrl: 'https://testnet.bscscan.com',
    subscriptionFee: { hasPaid: false, amount: null, timestamp: null },
    rewards: {
      data: [],
      statistics: {
        total: 0,
        totalRewardAmount: 0,
        directRewardsCount: 0,
        downlineRewardsCount: 0,
      },
      pagination: {
        currentPage: 1,
        totalPages: 0,
        totalRecords: 0,
        limit: 10,
        hasNext: false,
        hasPrev: false,
      },
    },
    withdrawals: {
      data: [],
      statistics: {
        total: 0,
        pending: 0,
        approved: 0,
        rejected: 0,
        blocked: 0,
        totalApprovedAmount: 0,
        totalPendingAmount: 0,
        totalRequestedAmount: 0,
      },
      pagination: {
        currentPage: 1,
        totalPages: 0,
        totalRecords: 0,
        hasNextPage: false,
        hasPrevPage: false,
        limit: 10,
        resultsCount: 0,
      },
    },
    ...overrides,
  };
}
