import { systemOverviewSchema, type SystemOverview } from '@ctn/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/system-overview, refreshed every 30 s while the settings page is open. */

export async function getSystemOverview(signal?: AbortSignal): Promise<SystemOverview> {
  const { data } = await api.get('/admin/system-overview', {
    schema: systemOverviewSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const SYSTEM_OVERVIEW_REFRESH_MS = 30_000;

export function useSystemOverview() {
  return useQuery({
    queryKey: ['admin', 'system-overview'],
    queryFn: ({ signal }) => getSystemOverview(signal),
    refetchInterval: SYSTEM_OVERVIEW_REFRESH_MS,
  });
}
