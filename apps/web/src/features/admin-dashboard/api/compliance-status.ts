import { complianceStatusSchema, type ComplianceStatus } from '@ctn/contracts/compliance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/admin/compliance/status: the last run, and a held run waiting to be acknowledged. */
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
