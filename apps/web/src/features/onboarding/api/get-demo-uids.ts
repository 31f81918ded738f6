import { demoUidSchema } from '@ctn/contracts/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, DEV_API_BASE } from '@/lib/api-client';

/**
 * Development only: GET /dev/api/exchange/demo-uids, the exchange simulator's UIDs with the
 * outcome each gives when linked. Outside development the path does not exist: the query fails
 * quietly and the hint stays hidden.
 */

const demoUidsSchema = z.object({ uids: z.array(demoUidSchema) });
export type DemoUid = z.infer<typeof demoUidSchema>;

export async function getDemoUids(signal?: AbortSignal): Promise<DemoUid[]> {
  const { data } = await api.get('/exchange/demo-uids', {
    base: DEV_API_BASE,
    schema: demoUidsSchema,
    signal,
  });
  return data.uids;
}

export const demoUidsQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'exchange', 'demo-uids'] as const,
    queryFn: ({ signal }) => getDemoUids(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useDemoUids() {
  return useQuery(demoUidsQueryOptions());
}
