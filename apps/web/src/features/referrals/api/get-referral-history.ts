import { REFERRAL_HISTORY_PAGE_SIZE } from '@ctn/contracts/constants';
import {
  referralHistoryResponseSchema,
  type ReferralHistoryResponse,
} from '@ctn/contracts/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/referrals/history (the page sends page, limit 10 and an optional level). */

export interface ReferralHistoryParams {
  page: number;
  /** 1..15, or undefined for all levels. */
  level: number | undefined;
}

export async function getReferralHistory(
  params: ReferralHistoryParams,
  signal?: AbortSignal,
): Promise<ReferralHistoryResponse> {
  const { data } = await api.get('/users/referrals/history', {
    query: { page: params.page, limit: REFERRAL_HISTORY_PAGE_SIZE, level: params.level },
    schema: referralHistoryResponseSchema,
    signal,
  });
  return data;
}

export const referralHistoryKeys = {
  all: ['referrals', 'history'] as const,
  page: (params: ReferralHistoryParams) => [...referralHistoryKeys.all, params] as const,
};

export const referralHistoryQueryOptions = (params: ReferralHistoryParams) =>
  queryOptions({
    queryKey: referralHistoryKeys.page(params),
    queryFn: ({ signal }) => getReferralHistory(params, signal),
  });

/** Keeps the previous page on screen while the next one loads (no flicker of the statistics). */
export function useReferralHistory(params: ReferralHistoryParams) {
  return useQuery({ ...referralHistoryQueryOptions(params), placeholderData: keepPreviousData });
}
