import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@/lib/session';
import { getSubscription, subscriptionQueryKey } from '@/lib/subscription';

/**
 * Refresh Payment Status: GET /api/users/refresh-subscription (the server scans the member's
 * deposit address at once), then the profile is read again so that the guards and the steps see
 * a completed payment.
 */
export function useRefreshPaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getSubscription(),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionQueryKey, subscription);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
