import { userReportDetailSchema, type UserReportDetail } from '@ctn/contracts/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userReportsKeys } from './get-user-reports';

/** GET /api/users/admin/reports/{id}: one member's report and activity timeline. */

export async function getUserReport(id: string, signal?: AbortSignal): Promise<UserReportDetail> {
  const { data } = await api.get(`/users/admin/reports/${encodeURIComponent(id)}`, {
    schema: userReportDetailSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const userReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userReportsKeys.detail(id),
    queryFn: ({ signal }) => getUserReport(id, signal),
  });

export function useUserReport(id: string | null) {
  return useQuery({ ...userReportQueryOptions(id ?? ''), enabled: id !== null });
}
