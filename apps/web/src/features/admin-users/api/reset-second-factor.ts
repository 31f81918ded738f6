import type { TwoFactorResetCheck } from '@ctn/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminUserDetailKeys } from './get-admin-user-detail';
import { withdrawalFreezeKeys } from './withdrawal-freeze';

/**
 * POST /api/users/admin/{id}/two-factor/reset {checks}: an administrator's reset of a member's
 * lost second factor after the identity checks (decision 039). The member's page is read again:
 * the factor is gone and withdrawals wait 24 hours.
 */
export function useResetSecondFactor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (checks: TwoFactorResetCheck[]) =>
      (
        await api.post(
          `/users/admin/${encodeURIComponent(id)}/two-factor/reset`,
          { checks },
          { schema: z.null(), audience: 'admin' },
        )
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUserDetailKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: withdrawalFreezeKeys.of(id) });
    },
  });
}
