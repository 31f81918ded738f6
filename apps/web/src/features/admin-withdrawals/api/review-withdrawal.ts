import {
  adminWithdrawalSchema,
  type AdminWithdrawal,
  type ReviewWithdrawalRequest,
} from '@ctn/contracts/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryRoots } from '@/lib/admin/query-keys';
import { api } from '@/lib/api-client';
import { adminWithdrawalKeys } from './get-admin-withdrawals';

/** PUT /api/withdrawals/{id} {status, reason?, transactionHash?, send?} -> the withdrawal. */

export async function reviewWithdrawal(input: {
  id: string;
  body: ReviewWithdrawalRequest;
}): Promise<AdminWithdrawal> {
  const { data } = await api.put(`/withdrawals/${encodeURIComponent(input.id)}`, input.body, {
    schema: adminWithdrawalSchema,
    audience: 'admin',
  });
  return data;
}

export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    // A decision moves the member's balances and every figure that counts withdrawals.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminWithdrawalKeys.root });
      void queryClient.invalidateQueries({ queryKey: adminQueryRoots.userDetail });
      void queryClient.invalidateQueries({ queryKey: adminQueryRoots.overallStats });
    },
  });
}
