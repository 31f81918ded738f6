import {
  exchangeDiagnosticsSchema,
  exchangeStatusSchema,
  type ExchangeDiagnostics,
  type ExchangeStatus,
} from '@ctn/contracts/exchange-diagnostics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exchangeStatusKey = ['admin', 'exchange-status'] as const;

/** GET /api/admin/exchange/status */
export function useExchangeStatus() {
  return useQuery({
    queryKey: exchangeStatusKey,
    queryFn: async ({ signal }): Promise<ExchangeStatus> =>
      (
        await api.get('/admin/exchange/status', {
          schema: exchangeStatusSchema,
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

/** POST /api/admin/exchange/diagnostics {uid?} */
export function useRunExchangeDiagnostics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (uid: string): Promise<ExchangeDiagnostics> =>
      (
        await api.post('/admin/exchange/diagnostics', uid ? { uid } : {}, {
          schema: exchangeDiagnosticsSchema,
          audience: 'admin',
        })
      ).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: exchangeStatusKey }),
  });
}
