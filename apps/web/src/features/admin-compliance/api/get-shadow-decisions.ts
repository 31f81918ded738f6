import { ADMIN_PAGE_SIZE } from '@ctn/contracts/constants';
import { complianceDecisionsSchema, type ComplianceDecisions } from '@ctn/contracts/compliance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/compliance/runs/{id}/decisions (page, limit 10). */

export async function getShadowDecisions(
  runId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ComplianceDecisions> {
  const { data } = await api.get(`/admin/compliance/runs/${runId}/decisions`, {
    query: { page, limit: ADMIN_PAGE_SIZE },
    schema: complianceDecisionsSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const shadowDecisionsKey = (runId: number, page: number) =>
  ['admin', 'compliance-run', runId, page] as const;

export function useShadowDecisions(runId: number, page: number) {
  return useQuery({
    queryKey: shadowDecisionsKey(runId, page),
    queryFn: ({ signal }) => getShadowDecisions(runId, page, signal),
    placeholderData: keepPreviousData,
  });
}
