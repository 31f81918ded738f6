import { cycleDetailSchema, type CycleDetail } from '@ctn/contracts/cycles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';
import { cyclesKeys } from './get-cycles';

/** POST /api/rewards/admin/cycles/{id}/run: RUNNING (polled until done), or COMPLETED at once. */

export async function runCycle(id: string): Promise<CycleDetail> {
  const { data } = await api.post(
    `/rewards/admin/cycles/${encodeURIComponent(id)}/run`,
    {},
    { schema: cycleDetailSchema, audience: 'admin' },
  );
  return data;
}

export function useRunCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCycle,
    onSuccess: (cycle) => {
      // The answer starts the polling of the detail (refetchInterval reads its status).
      queryClient.setQueryData(cyclesKeys.detail(cycle._id), cycle);
      void queryClient.invalidateQueries({ queryKey: cyclesKeys.lists });
      if (cycle.status === 'COMPLETED') {
        void queryClient.invalidateQueries({ queryKey: adminQueryRoots.rewardsList });
      }
    },
  });
}
