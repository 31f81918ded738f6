import { chainCheckSchema, type ChainCheck } from '@ctn/contracts/withdrawals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/withdrawals/admin/{id}/check-transaction {transactionHash}: what the chain says of a
 * hash against this request (amount and recipient). A mutation: the admin asks for it, and it
 * is not kept once the hash changes.
 */

export async function checkWithdrawalTransaction(input: {
  id: string;
  transactionHash: string;
}): Promise<ChainCheck> {
  const { data } = await api.post(
    `/withdrawals/admin/${encodeURIComponent(input.id)}/check-transaction`,
    { transactionHash: input.transactionHash },
    { schema: chainCheckSchema, audience: 'admin' },
  );
  return data;
}

export function useCheckWithdrawalTransaction() {
  return useMutation({ mutationFn: checkWithdrawalTransaction });
}
