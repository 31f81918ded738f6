import { ADMIN_PAGE_SIZE, type UserStatus } from '@ctn/contracts/constants';
import { userReportsResponseSchema, type UserReportsResponse } from '@ctn/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/admin/reports (page, limit 10, search, status, sort -createdAt). */

export interface UserReportsParams {
  page: number;
  search: string;
  status: UserStatus | null;
}

export async function getUserReports(
  params: UserReportsParams,
  signal?: AbortSignal,
): Promise<UserReportsResponse> {
  const { data } = await api.get('/users/admin/reports', {
    query: {
      page: params.page,
      limit: ADMIN_PAGE_SIZE,
      search: params.search.trim(),
      status: params.status,
      sort: '-createdAt',
    },
    schema: userReportsResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const userReportsKeys = {
  all: ['admin', 'user-reports'] as const,
  page: (params: UserReportsParams) => [...userReportsKeys.all, 'list', params] as const,
  detail: (id: string) => [...userReportsKeys.all, 'detail', id] as const,
};

export const userReportsQueryOptions = (params: UserReportsParams) =>
  queryOptions({
    queryKey: userReportsKeys.page(params),
    queryFn: ({ signal }) => getUserReports(params, signal),
  });

export function useUserReports(params: UserReportsParams) {
  return useQuery({ ...userReportsQueryOptions(params), placeholderData: keepPreviousData });
}
