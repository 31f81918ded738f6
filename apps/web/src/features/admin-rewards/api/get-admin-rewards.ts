import { ADMIN_PAGE_SIZE, type RewardType } from '@ctn/contracts/constants';
import { adminRewardsResponseSchema, type AdminRewardsResponse } from '@ctn/contracts/rewards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/rewards/admin/all (page, limit 10, search, type, level, cycle, sort -createdAt). */

export interface AdminRewardsParams {
  page: number;
  search: string;
  type: RewardType | null;
  level: number | null;
  cycle: number | null;
}

export async function getAdminRewards(
  params: AdminRewardsParams,
  signal?: AbortSignal,
): Promise<AdminRewardsResponse> {
  const { data } = await api.get('/rewards/admin/all', {
    query: {
      page: params.page,
      limit: ADMIN_PAGE_SIZE,
      search: params.search.trim(),
      type: params.type,
      level: params.level,
      cycle: params.cycle,
      sort: '-createdAt',
    },
    schema: adminRewardsResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const adminRewardsKeys = {
  all: adminQueryRoots.rewardsList,
  page: (params: AdminRewardsParams) => [...adminRewardsKeys.all, params] as const,
};

export const adminRewardsQueryOptions = (params: AdminRewardsParams) =>
  queryOptions({
    queryKey: adminRewardsKeys.page(params),
    queryFn: ({ signal }) => getAdminRewards(params, signal),
  });

export function useAdminRewards(params: AdminRewardsParams) {
  return useQuery({ ...adminRewardsQueryOptions(params), placeholderData: keepPreviousData });
}
