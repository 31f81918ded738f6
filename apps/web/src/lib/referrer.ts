import type { Referrer } from '@ctn/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/users/referrer/{code} (beyond the spec): who invites with a code. */
export async function getReferrer(code: string, signal?: AbortSignal): Promise<Referrer> {
  const { data } = await api.get(`/users/referrer/${encodeURIComponent(code)}`, {
    // Imported with the request, not with the landing page: zod stays out of its first load.
    schema: import('@ctn/contracts/accounts').then((m) => m.referrerSchema),
    signal,
  });
  return data;
}

/**
 * Who invited the visitor, for "Invited by Alex M." on the landing and register pages. Nothing
 * is shown while it loads or when the code is unknown: registering says why then.
 */
export function useReferrer(code: string | null) {
  return useQuery({
    queryKey: ['referrer', code],
    queryFn: ({ signal }) => getReferrer(code!, signal),
    enabled: code !== null && code.trim() !== '',
    retry: false,
    staleTime: 60 * 60_000,
  });
}
