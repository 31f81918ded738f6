import {
  memberUidClaimSchema,
  type FileUidClaimRequest,
  type MemberUidClaim,
} from '@ctn/contracts/uid-claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const claimsKey = ['uid-claims', 'mine'] as const;

/** GET /api/users/bingx-uid/claims: the member's claims, newest first. */
export function useMyUidClaims() {
  return useQuery({
    queryKey: claimsKey,
    queryFn: async ({ signal }): Promise<MemberUidClaim[]> => {
      const { data } = await api.get('/users/bingx-uid/claims', {
        schema: z.object({ claims: z.array(memberUidClaimSchema) }),
        signal,
      });
      return data.claims;
    },
  });
}

/** POST /api/users/bingx-uid/claims */
export function useFileUidClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FileUidClaimRequest) =>
      (await api.post('/users/bingx-uid/claims', body, { schema: memberUidClaimSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
