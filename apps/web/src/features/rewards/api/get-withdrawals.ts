import { WITHDRAWAL_HISTORY_LIMIT } from '@ctn/contracts/constants';
import { withdrawalsResponseSchema, type WithdrawalsResponse } from '@ctn/contracts/withdrawals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/withdrawals: the page asks for page 1, limit 50 (member section 9). */
export async function getWithdrawals(signal?: AbortSignal): Promise<WithdrawalsResponse> {
  const { data } = await api.get('/withdrawals', {
    query: { page: 1, limit: WITHDRAWAL_HISTORY_LIMIT },
    schema: withdrawalsResponseSchema,
    signal,
  });
  return data;
}

export const withdrawalsKeys = {
  all: ['withdrawals'] as const,
  history: () => [...withdrawalsKeys.all, 'history', 1, WITHDRAWAL_HISTORY_LIMIT] as const,
};

export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalsKeys.history(),
    queryFn: ({ signal }) => getWithdrawals(signal),
  });

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions());
}
