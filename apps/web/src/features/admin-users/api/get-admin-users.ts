import { ADMIN_PAGE_SIZE } from '@ctn/contracts/constants';
import { adminUsersResponseSchema, type AdminUsersResponse } from '@ctn/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/admin/all (page, limit 10, search, sort -createdAt). */

export interface AdminUsersParams {
  page: number;
  search: string;
}

export async function getAdminUsers(
  params: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  const { data } = await api.get('/users/admin/all', {
    query: {
      page: params.page,
      limit: ADMIN_PAGE_SIZE,
      search: params.search.trim(),
      sort: '-createdAt',
    },
    schema: adminUsersResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const adminUsersKeys = {
  all: ['admin', 'users', 'list'] as const,
  page: (params: AdminUsersParams) => [...adminUsersKeys.all, params] as const,
};

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminUsersKeys.page(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
