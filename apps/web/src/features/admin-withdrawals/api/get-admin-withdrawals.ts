import { ADMIN_PAGE_SIZE, type WithdrawalStatus } from '@ctn/contracts/constants';
import {
  adminWithdrawalsResponseSchema,
  type AdminWithdrawalsResponse,
} from '@ctn/contracts/withdrawals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/withdrawals/admin/all (page, limit 10, search, status, sort -createdAt). */

export interface AdminWithdrawalsParams {
  page: number;
  search: string;
  status: WithdrawalStatus | null;
}

export async function getAdminWithdrawals(
  params: AdminWithdrawalsParams,
  signal?: AbortSignal,
): Promise<AdminWithdrawalsResponse> {
  const { data } = await api.get('/withdrawals/admin/all', {
    query: {
      page: params.page,
      limit: ADMIN_PAGE_SIZE,
      search: params.search.trim(),
      status: params.status,
      sort: '-createdAt',
    },
    schema: adminWithdrawalsResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

/** Everything under `['admin', 'withdrawals']`: the list and the review pages. */
export const adminWithdrawalKeys = {
  root: ['admin', 'withdrawals'] as const,
  lists: ['admin', 'withdrawals', 'list'] as const,
  list: (params: AdminWithdrawalsParams) => [...adminWithdrawalKeys.lists, params] as const,
  review: (id: string) => [...adminWithdrawalKeys.root, 'review', id] as const,
};

export const adminWithdrawalsQueryOptions = (params: AdminWithdrawalsParams) =>
  queryOptions({
    queryKey: adminWithdrawalKeys.list(params),
    queryFn: ({ signal }) => getAdminWithdrawals(params, signal),
  });

export function useAdminWithdrawals(params: AdminWithdrawalsParams) {
  return useQuery({ ...adminWithdrawalsQueryOptions(params), placeholderData: keepPreviousData });
}
