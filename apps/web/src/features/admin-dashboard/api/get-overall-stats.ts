import { overallStatsSchema, type OverallStats } from '@ctn/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/users/admin/overall-stats: the dashboard's figures and recent lists. */

export async function getOverallStats(signal?: AbortSignal): Promise<OverallStats> {
  const { data } = await api.get('/users/admin/overall-stats', {
    schema: overallStatsSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const overallStatsKey = adminQueryRoots.overallStats;

export const overallStatsQueryOptions = () =>
  queryOptions({ queryKey: overallStatsKey, queryFn: ({ signal }) => getOverallStats(signal) });

export function useOverallStats() {
  return useQuery(overallStatsQueryOptions());
}
