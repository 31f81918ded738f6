import {
  withdrawalSchema,
  type CreateWithdrawalRequest,
  type Withdrawal,
} from '@ctn/contracts/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rewardStatsKeys } from '@/lib/reward-stats';
import { memberRewardsKeys } from './get-member-rewards';
import { withdrawalsKeys } from './get-withdrawals';

/** POST /api/withdrawals {amount, walletAddress, asset, otp} -> the new request (PENDING). */
export async function createWithdrawal(request: CreateWithdrawalRequest): Promise<Withdrawal> {
  const { data } = await api.post('/withdrawals', request, { schema: withdrawalSchema });
  return data;
}

/**
 * A created request moves money out of the balance, so the balance (reward stats, which the
 * dashboard shares), the withdrawal history and the reward history are reloaded (member
 * section 4). The invalidation lives on the hook, not the screen, so it happens even when the
 * screen is gone by the time the answer arrives.
 */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    // Not awaited: the request exists already, and a slow reload must not keep the dialog busy.
    onSuccess: () => {
      for (const queryKey of [rewardStatsKeys.all, withdrawalsKeys.all, memberRewardsKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
