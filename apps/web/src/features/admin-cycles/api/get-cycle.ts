import { cycleDetailSchema, type CycleDetail } from '@ctn/contracts/cycles';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';
import { cyclesKeys } from './get-cycles';

/** GET /api/rewards/admin/cycles/{id}: one cycle with its preview, progress and statement. */

/** A running cycle is asked again this often until it completes or fails. */
export const CYCLE_POLL_MS = 1_000;

export async function getCycle(id: string, signal?: AbortSignal): Promise<CycleDetail> {
  const { data } = await api.get(`/rewards/admin/cycles/${encodeURIComponent(id)}`, {
    schema: cycleDetailSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const cycleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: cyclesKeys.detail(id),
    queryFn: ({ signal }) => getCycle(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? CYCLE_POLL_MS : false),
    // Progress must keep moving while the admin looks at another tab.
    refetchIntervalInBackground: true,
  });

/** The cycle, polled while it runs; when a run ends, the lists it changed are loaded again. */
export function useCycle(id: string, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...cycleQueryOptions(id), enabled });
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'RUNNING' && status !== 'RUNNING') {
      void queryClient.invalidateQueries({ queryKey: cyclesKeys.lists });
      void queryClient.invalidateQueries({ queryKey: adminQueryRoots.rewardsList });
    }
    previous.current = status;
  }, [status, queryClient]);
  return query;
}
