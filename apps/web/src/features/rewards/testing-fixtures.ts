import type { MemberRewardsResponse, RewardItem } from '@ctn/contracts/rewards';
import type { Withdrawal, WithdrawalsResponse } from '@ctn/contracts/withdrawals';
import type { RouteObject } from 'react-router';
import { profileQueryKey } from '@/lib/session';
import { mockApi, okResponse } from '@/testing/api-mock';
import { makeRewardStats, makeUser } from '@/testing/fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';

/** Answers and a page harness shared by the tests of this feature. */

export { makeRewardStats };

export const STATS = 'GET /api/rewards/stats/CT1000234';
export const WITHDRAWALS = 'GET /api/withdrawals';
export const REWARDS = 'GET /api/rewards/user';
export const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export function makeWithdrawal(n: number, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    _id: `w${n}`,
    amount: 50,
    walletAddress: ADDRESS,
    asset: 'USDT',
    status: 'PENDING',
    requestedAt: '2025-03-04T10:00:00.000Z',
    processedAt: null,
    transactionHash: null,
    reason: null,
    payout: 'NONE',
    ...overrides,
  };
}

export function withdrawalsAnswer(
  list: Withdrawal[],
  explorerUrl = 'https://testnet.bscscan.com/',
) {
  const answer: WithdrawalsResponse = {
    withdrawals: list,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: list.length,
      limit: 50,
      hasNextPage: false,
      hasPrevPage: false,
    },
    explorerUrl,
  };
  return okResponse(answer);
}

export function makeReward(n: number, overrides: Partial<RewardItem> = {}): RewardItem {
  return {
    _id: `r${n}`,
    type: 'DOWNLINE',
    rewardAmount: 0.3,
    percent: 3,
    masterAmount: 10,
    level: 2,
    cycle: 7,
    createdAt: '2025-03-04T10:00:00.000Z',
    downlineUser: { name: `Grace Hopper${n}`, email: `grace${n}@example.com`, userId: `CT10${n}` },
    bucket: 'AVAILABLE',
    ...overrides,
  };
}

export function rewardsAnswer(
  list: RewardItem[],
  pagination: Partial<MemberRewardsResponse['pagination']> = {},
) {
  const answer: MemberRewardsResponse = {
    rewards: list,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: list.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
  };
  return okResponse(answer);
}

/**
 * Renders `element` at /rewards for a signed-in member whose stats, withdrawals and rewards
 * answer with the defaults above unless `routes` says otherwise.
 */
export function renderRewardsRoute(
  element: RouteObject['element'],
  routes: Parameters<typeof mockApi>[0],
  profile: Parameters<typeof makeUser>[0] = {},
) {
  localStorage.setItem('token', 'tok');
  const api = mockApi({
    [STATS]: () => okResponse(makeRewardStats()),
    [WITHDRAWALS]: () => withdrawalsAnswer([]),
    [REWARDS]: () => rewardsAnswer([]),
    ...routes,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryKey, makeUser(profile));
  const rendered = renderRoutes([{ path: '/rewards', element }], { at: '/rewards', queryClient });
  return { ...rendered, api };
}
