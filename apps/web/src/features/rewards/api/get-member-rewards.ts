import type { RewardType } from '@ctn/contracts/constants';
import {
  memberRewardsResponseSchema,
  type MemberRewardsResponse,
  type RewardSort,
} from '@ctn/contracts/rewards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/rewards/user (page, limit, type, level, sort; empty values omitted). */

export interface MemberRewardsParams {
  page: number;
  limit: number;
  /** Undefined for all types. */
  type: RewardType | undefined;
  /** 1..15, or undefined for all levels. */
  level: number | undefined;
  sort: RewardSort;
}

export async function getMemberRewards(
  params: MemberRewardsParams,
  signal?: AbortSignal,
): Promise<MemberRewardsResponse> {
  const { page, limit, type, level, sort } = params;
  const { data } = await api.get('/rewards/user', {
    query: { page, limit, type, level, sort },
    schema: memberRewardsResponseSchema,
    signal,
  });
  return data;
}

export const memberRewardsKeys = {
  all: ['rewards', 'history'] as const,
  page: (params: MemberRewardsParams) => [...memberRewardsKeys.all, params] as const,
};

export const memberRewardsQueryOptions = (params: MemberRewardsParams) =>
  queryOptions({
    queryKey: memberRewardsKeys.page(params),
    queryFn: ({ signal }) => getMemberRewards(params, signal),
  });

/** Keeps the previous page on screen while the next one (or another filter) loads. */
export function useMemberRewards(params: MemberRewardsParams) {
  return useQuery({ ...memberRewardsQueryOptions(params), placeholderData: keepPreviousData });
}
