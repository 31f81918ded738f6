import { uidCheckSchema, type UidCheck } from '@ctn/contracts/onboarding';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/bingx-uid/check (beyond the spec): eligibility without linking. */
export async function checkBingXUid(bingXUID: string): Promise<UidCheck> {
  const { data } = await api.post(
    '/users/bingx-uid/check',
    { bingXUID },
    { schema: uidCheckSchema },
  );
  return data;
}

export function useCheckBingXUid() {
  return useMutation({ mutationFn: checkBingXUid });
}
