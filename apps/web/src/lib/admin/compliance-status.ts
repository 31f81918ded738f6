import {
  complianceStatusSchema,
  type ComplianceMode,
  type ComplianceStatus,
} from '@ctn/contracts/compliance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/compliance/status: the mode, the last run and the last shadow run, a held run
 * waiting to be acknowledged and the copy-trading evidence; read by the dashboard and settings.
 */
export async function getComplianceStatus(signal?: AbortSignal): Promise<ComplianceStatus> {
  const { data } = await api.get('/admin/compliance/status', {
    schema: complianceStatusSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const complianceStatusKey = ['admin', 'compliance-status'] as const;

export function useComplianceStatus() {
  return useQuery({
    queryKey: complianceStatusKey,
    queryFn: ({ signal }) => getComplianceStatus(signal),
  });
}

/** POST /api/admin/compliance/runs/{id}/acknowledge */
export function useAcknowledgeHeldRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.post(`/admin/compliance/runs/${id}/acknowledge`, undefined, {
        schema: z.null(),
        audience: 'admin',
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: complianceStatusKey }),
  });
}

/** PUT /api/admin/compliance/mode (audited); answers the status as it is now. */
export function useSetComplianceMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: ComplianceMode) =>
      (
        await api.put(
          '/admin/compliance/mode',
          { mode },
          { schema: complianceStatusSchema, audience: 'admin' },
        )
      ).data,
    onSuccess: (status) => queryClient.setQueryData(complianceStatusKey, status),
  });
}
