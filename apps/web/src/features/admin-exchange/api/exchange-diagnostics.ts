import {
  exchangeDiagnosticsSchema,
  volumeFieldsSchema,
  type ExchangeDiagnostics,
  type VolumeFields,
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

/** POST /api/admin/exchange/volume-fields: 30-day totals of every volume field, linked sample. */
export function useCompareVolumeFields() {
  return useMutation({
    mutationFn: async (): Promise<VolumeFields> =>
      (
        await api.post('/admin/exchange/volume-fields', undefined, {
          schema: volumeFieldsSchema,
          audience: 'admin',
        })
      ).data,
  });
}
