import { REFERRAL_FUNNEL_PAGE, referralFunnelResponseSchema } from '@ctn/contracts/referrals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/referrals/funnel: the direct invitees' stages, a page at a time. */
export function useReferralFunnel(page: number) {
  return useQuery({
    queryKey: ['referrals', 'funnel', page],
    queryFn: async ({ signal }) =>
      (
        await api.get('/users/referrals/funnel', {
          query: { page, limit: REFERRAL_FUNNEL_PAGE },
          schema: referralFunnelResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
