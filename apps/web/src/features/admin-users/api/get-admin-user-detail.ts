import { ADMIN_PAGE_SIZE, type WithdrawalStatus } from '@ctn/contracts/constants';
import { adminUserDetailSchema, type AdminUserDetail } from '@ctn/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/users/admin/{id} with the rewards and withdrawals pages. */

export interface AdminUserDetailParams {
  id: string;
  rewardsPage: number;
  withdrawalsPage: number;
  /** The Rewards tab's type filter; absent for all types. */
  rewardType?: 'DIRECT' | 'DOWNLINE' | undefined;
  /** The Withdrawals tab's status filter; absent for all statuses. */
  withdrawalStatus?: WithdrawalStatus | undefined;
}

export async function getAdminUserDetail(
  params: AdminUserDetailParams,
  signal?: AbortSignal,
): Promise<AdminUserDetail> {
  const { data } = await api.get(`/users/admin/${encodeURIComponent(params.id)}`, {
    query: {
      includeRewards: true,
      includeWithdrawals: true,
      rewardsPage: params.rewardsPage,
      rewardsLimit: ADMIN_PAGE_SIZE,
      withdrawalsPage: params.withdrawalsPage,
      withdrawalsLimit: ADMIN_PAGE_SIZE,
      rewardType: params.rewardType,
      withdrawalStatus: params.withdrawalStatus,
    },
    schema: adminUserDetailSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const adminUserDetailKeys = {
  all: adminQueryRoots.userDetail,
  user: (id: string) => [...adminUserDetailKeys.all, id] as const,
  page: (params: AdminUserDetailParams) =>
    [...adminUserDetailKeys.user(params.id), params] as const,
};

export const adminUserDetailQueryOptions = (params: AdminUserDetailParams) =>
  queryOptions({
    queryKey: adminUserDetailKeys.page(params),
    queryFn: ({ signal }) => getAdminUserDetail(params, signal),
  });

export function useAdminUserDetail(params: AdminUserDetailParams, enabled: boolean) {
  return useQuery({
    ...adminUserDetailQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
  });
}
