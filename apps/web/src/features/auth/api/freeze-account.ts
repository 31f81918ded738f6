import { freezeAccountStateSchema, type FreezeAccountState } from '@ctn/contracts/security';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/freeze-account/state and /freeze-account: the mailed "Not me" link. */

async function post(path: string, token: string, signal?: AbortSignal) {
  const { data } = await api.post(path, { token }, { schema: freezeAccountStateSchema, signal });
  return data;
}

/** What the link would do (READY) or did already (FROZEN); changes nothing. */
export function useFreezeState(token: string | null) {
  return useQuery<FreezeAccountState>({
    queryKey: ['account-freeze', token],
    queryFn: ({ signal }) => post('/users/freeze-account/state', token ?? '', signal),
    enabled: token !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useFreezeAccount() {
  return useMutation({ mutationFn: (token: string) => post('/users/freeze-account', token) });
}
