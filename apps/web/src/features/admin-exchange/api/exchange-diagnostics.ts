import {
  exchangeDiagnosticsSchema,
  type ExchangeDiagnostics,
} from '@ctn/contracts/exchange-diagnostics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeStatusKey } from '@/lib/admin/exchange-status';

/** POST /api/admin/exchange/diagnostics {uid?}; the connection's state is read again after it. */
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
