import { ADMIN_PAGE_SIZE } from '@ctn/contracts/constants';
import { cyclesResponseSchema, type CyclesResponse } from '@ctn/contracts/cycles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/rewards/admin/cycles (page, limit 10): the reward cycles, newest first. */

export async function getCycles(page: number, signal?: AbortSignal): Promise<CyclesResponse> {
  const { data } = await api.get('/rewards/admin/cycles', {
    query: { page, limit: ADMIN_PAGE_SIZE },
    schema: cyclesResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const cyclesKeys = {
  all: ['admin', 'cycles'] as const,
  lists: ['admin', 'cycles', 'list'] as const,
  page: (page: number) => [...cyclesKeys.lists, page] as const,
  detail: (id: string) => [...cyclesKeys.all, 'detail', id] as const,
};

export const cyclesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: cyclesKeys.page(page),
    queryFn: ({ signal }) => getCycles(page, signal),
  });

export function useCycles(page: number) {
  return useQuery({ ...cyclesQueryOptions(page), placeholderData: keepPreviousData });
}
