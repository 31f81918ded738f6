import { rewardStatsSchema, type RewardStats } from '@ctn/contracts/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/rewards/stats/{userId}: balances, breakdown, compliance and earnings over time. The
 * dashboard and the rewards page both show it, so its query key is written once, here: a refresh
 * on one page is what the other shows next.
 */
export async function getRewardStats(userId: string, signal?: AbortSignal): Promise<RewardStats> {
  const { data } = await api.get(`/rewards/stats/${encodeURIComponent(userId)}`, {
    schema: rewardStatsSchema,
    signal,
  });
  return data;
}

export const rewardStatsKeys = {
  all: ['rewards', 'stats'] as const,
  user: (userId: string) => [...rewardStatsKeys.all, userId] as const,
};

export const rewardStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: rewardStatsKeys.user(userId),
    queryFn: ({ signal }) => getRewardStats(userId, signal),
  });

/** Without a public user ID there is nothing to ask: the pages say 'User not found' instead. */
export function useRewardStats(userId: string) {
  return useQuery({ ...rewardStatsQueryOptions(userId), enabled: userId.trim() !== '' });
}

/** The member section 8 text when the profile carries no user ID. */
export const USER_NOT_FOUND = 'User not found';
