import {
  chainRescanSchema,
  reconciliationOverviewSchema,
  reconciliationReportSchema,
  type ChainRescan,
  type ReconciliationOverview,
  type ReconciliationReport,
} from '@ctn/contracts/reconciliation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/reconciliation, POST /api/admin/reconciliation/run, and the rescans of
 * GET/POST /api/admin/chain/rescans (beyond the spec; decision 014).
 */

export const reconciliationKeys = {
  all: ['admin', 'reconciliation'] as const,
  overview: ['admin', 'reconciliation', 'overview'] as const,
  rescans: ['admin', 'reconciliation', 'rescans'] as const,
};

export async function getReconciliation(signal?: AbortSignal): Promise<ReconciliationOverview> {
  const { data } = await api.get('/admin/reconciliation', {
    schema: reconciliationOverviewSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export function useReconciliation() {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.overview,
      queryFn: ({ signal }) => getReconciliation(signal),
    }),
  );
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ReconciliationReport> =>
      (
        await api.post(
          '/admin/reconciliation/run',
          {},
          {
            schema: reconciliationReportSchema,
            audience: 'admin',
          },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reconciliationKeys.overview }),
  });
}

export function useChainRescans() {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.rescans,
      queryFn: async ({ signal }) =>
        (
          await api.get('/admin/chain/rescans', {
            schema: z.array(chainRescanSchema),
            audience: 'admin',
            signal,
          })
        ).data,
      // A running rescan moves on every 10 s: follow it while one runs.
      refetchInterval: (query) =>
        query.state.data?.some((r) => r.status === 'RUNNING') ? 5_000 : false,
    }),
  );
}

export function useRequestChainRescan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fromBlock: number): Promise<ChainRescan> =>
      (
        await api.post(
          '/admin/chain/rescans',
          { fromBlock },
          {
            schema: chainRescanSchema,
            audience: 'admin',
          },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reconciliationKeys.rescans }),
  });
}
