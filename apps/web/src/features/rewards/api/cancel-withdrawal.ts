import { withdrawalSchema, type Withdrawal } from '@ctn/contracts/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rewardStatsKeys } from '@/lib/reward-stats';
import { withdrawalsKeys } from './get-withdrawals';

/** POST /api/withdrawals/{id}/cancel (beyond the spec) -> the request, now CANCELLED. */
export async function cancelWithdrawal(id: string): Promise<Withdrawal> {
  const { data } = await api.post(`/withdrawals/${encodeURIComponent(id)}/cancel`, undefined, {
    schema: withdrawalSchema,
  });
  return data;
}

/**
 * The held amount returns to the available balance, so the balance (shared with the dashboard)
 * and the history reload; a refusal (decided meanwhile) reloads them too, to show why.
 */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () => {
      for (const queryKey of [rewardStatsKeys.all, withdrawalsKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
