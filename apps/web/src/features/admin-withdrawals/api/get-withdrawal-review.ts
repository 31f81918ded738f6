import { withdrawalReviewSchema, type WithdrawalReview } from '@ctn/contracts/withdrawals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminWithdrawalKeys } from './get-admin-withdrawals';

/** GET /api/withdrawals/admin/{id}: the request, its member, ledger, history and chain check. */

export async function getWithdrawalReview(
  id: string,
  signal?: AbortSignal,
): Promise<WithdrawalReview> {
  const { data } = await api.get(`/withdrawals/admin/${encodeURIComponent(id)}`, {
    schema: withdrawalReviewSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const withdrawalReviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminWithdrawalKeys.review(id),
    queryFn: ({ signal }) => getWithdrawalReview(id, signal),
  });

export function useWithdrawalReview(id: string, enabled: boolean) {
  return useQuery({ ...withdrawalReviewQueryOptions(id), enabled });
}
