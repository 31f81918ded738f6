import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cyclesKeys } from './get-cycles';

/** DELETE /api/rewards/admin/cycles/{id}: drops a draft (the server refuses any other status). */

export async function discardCycle(id: string): Promise<void> {
  await api.delete(`/rewards/admin/cycles/${encodeURIComponent(id)}`, { audience: 'admin' });
}

export function useDiscardCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardCycle,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: cyclesKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: cyclesKeys.lists });
    },
  });
}
