import { referralTreeResponseSchema, type ReferralTreeResponse } from '@ctn/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/referral-tree: the first screen (or a search) of the member's tree. */

export interface ReferralTreeParams {
  maxLevels: number;
  /** Trimmed; undefined without a search. */
  search: string | undefined;
}

export async function getReferralTree(
  params: ReferralTreeParams,
  signal?: AbortSignal,
): Promise<ReferralTreeResponse> {
  const { data } = await api.get('/users/referral-tree', {
    query: { maxLevels: params.maxLevels, search: params.search },
    schema: referralTreeResponseSchema,
    signal,
  });
  return data;
}

export const referralTreeKeys = {
  all: ['referrals', 'tree'] as const,
  view: (params: ReferralTreeParams) => [...referralTreeKeys.all, params] as const,
};

export const referralTreeQueryOptions = (params: ReferralTreeParams) =>
  queryOptions({
    queryKey: referralTreeKeys.view(params),
    queryFn: ({ signal }) => getReferralTree(params, signal),
  });

export function useReferralTree(params: ReferralTreeParams) {
  return useQuery(referralTreeQueryOptions(params));
}
