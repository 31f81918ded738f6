import type {
  AdminRewardItem,
  AdminRewardStatistics,
  AdminRewardsResponse,
} from '@ctn/contracts/rewards';

/** Admin reward answers for the tests of this feature. */

const uuid = (prefix: string, n: number) =>
  `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeAdminReward(
  n: number,
  overrides: Partial<AdminRewardItem> = {},
): AdminRewardItem {
  return {
    _id: uuid('aa', n),
    rewardUser: {
      _id: uuid('bb', n),
      firstName: 'Grace',
      lastName: `Hopper${n}`,
      email: `grace${n}@example.com`,
      userId: `CT20000${n}`,
    },
    downlineUser: {
      _id: uuid('cc', n),
      firstName: 'Alan',
      lastName: `Turing${n}`,
      email: `alan${n}@example.com`,
      userId: `CT30000${n}`,
    },
    type: 'DOWNLINE',
    level: 2,
    rewardAmount: 4,
    percent: 2,
    masterAmount: 200,
    cycle: 7,
    createdAt: '2025-03-01T10:05:00.000Z',
    bucket: 'AVAILABLE',
    ...overrides,
  };
}

export function makeRewardStatistics(
  overrides: Partial<AdminRewardStatistics> = {},
): AdminRewardStatistics {
  return {
    total: 120,
    totalRewardsDistributed: 1500.5,
    totalDirectRewards: 1000,
    totalDownlineRewards: 500.5,
    directRewardsCount: 20,
    downlineRewardsCount: 100,
    totalMasterAmount: 25000,
    averageRewardAmount: 12.5,
    maxRewardAmount: 200,
    minRewardAmount: 0.01,
    ...overrides,
  };
}

export function rewardsAnswer(
  rewards: AdminRewardItem[],
  pagination: Partial<AdminRewardsResponse['pagination']> = {},
  statistics: Partial<AdminRewardStatistics> = {},
): AdminRewardsResponse {
  return {
    rewards,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: rewards.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
    statistics: makeRewardStatistics(statistics),
  };
}
