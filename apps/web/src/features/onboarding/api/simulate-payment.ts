import { subscriptionSchema, type Subscription } from '@ctn/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, DEV_API_BASE } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/session';
import { subscriptionQueryKey } from '@/lib/subscription';

/**
 * Development only: POST /dev/api/simulate-payment sends `amount` USDT on the simulated chain to
 * the signed-in member's deposit address, makes it final and credits it.
 */
export async function simulatePayment(amount: number): Promise<Subscription> {
  const { data } = await api.post(
    '/simulate-payment',
    { amount },
    { base: DEV_API_BASE, schema: subscriptionSchema },
  );
  return data;
}

export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePayment,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionQueryKey, subscription);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
