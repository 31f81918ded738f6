import { treasuryOverviewSchema, type TreasuryOverview } from '@ctn/contracts/treasury';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/treasury (beyond the spec; decision 046). */

export const treasuryKeys = {
  all: ['admin', 'treasury'] as const,
};

export async function getTreasury(signal?: AbortSignal): Promise<TreasuryOverview> {
  const { data } = await api.get('/admin/treasury', {
    schema: treasuryOverviewSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export function useTreasury() {
  return useQuery(
    queryOptions({
      queryKey: treasuryKeys.all,
      queryFn: ({ signal }) => getTreasury(signal),
    }),
  );
}
