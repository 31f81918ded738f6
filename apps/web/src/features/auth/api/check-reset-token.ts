import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/reset-password/check: whether a reset link can still be used. */

export async function checkResetToken(token: string, signal?: AbortSignal): Promise<void> {
  await api.post('/users/reset-password/check', { token }, { signal });
}

/** Asked once per token: a link that was good a moment ago is checked again by the reset. */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => checkResetToken(token ?? '', signal),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
