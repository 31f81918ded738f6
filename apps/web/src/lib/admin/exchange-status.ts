import { exchangeStatusSchema, type ExchangeStatus } from '@ctn/contracts/exchange-diagnostics';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/exchange/status: the BingX connection's state, read by the dashboard's card and
 * the exchange page (whose test run refreshes it).
 */

export const exchangeStatusKey = ['admin', 'exchange-status'] as const;

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
