import {
  cycleDetailSchema,
  type CycleDetail,
  type CyclePreviewRequest,
} from '@ctn/contracts/cycles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cyclesKeys } from './get-cycles';

/** POST /api/rewards/admin/cycles/preview: reads the batch and answers a DRAFT cycle. */

export async function previewCycle(input: CyclePreviewRequest): Promise<CycleDetail> {
  const { data } = await api.post('/rewards/admin/cycles/preview', input, {
    schema: cycleDetailSchema,
    audience: 'admin',
  });
  return data;
}

export function usePreviewCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: previewCycle,
    onSuccess: (cycle) => {
      queryClient.setQueryData(cyclesKeys.detail(cycle._id), cycle);
      void queryClient.invalidateQueries({ queryKey: cyclesKeys.lists });
    },
  });
}
