import { riskSignalSchema, riskSignalsResponseSchema, type RiskSignal } from '@ctn/contracts/risk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RiskShow = 'open' | 'all';

export const riskKeys = {
  all: ['admin', 'risk'] as const,
  list: (show: RiskShow) => ['admin', 'risk', show] as const,
};

/** GET /api/admin/risk?show= */
export function useRiskSignals(show: RiskShow) {
  return useQuery({
    queryKey: riskKeys.list(show),
    queryFn: async ({ signal }): Promise<RiskSignal[]> =>
      (
        await api.get(`/admin/risk?show=${show}`, {
          schema: riskSignalsResponseSchema,
          audience: 'admin',
          signal,
        })
      ).data.signals,
  });
}

/** POST /api/admin/risk/reviews */
export function useMarkRiskReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) =>
      (
        await api.post(
          '/admin/risk/reviews',
          { key },
          { schema: riskSignalSchema, audience: 'admin' },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: riskKeys.all }),
  });
}
