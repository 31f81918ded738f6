import {
  adminUidClaimDetailSchema,
  adminUidClaimSchema,
  type AdminUidClaim,
  type AdminUidClaimDetail,
  type ResolveUidClaimRequest,
  type UidClaimStatus,
} from '@ctn/contracts/uid-claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const uidClaimKeys = {
  all: ['admin', 'uid-claims'] as const,
  list: (status: UidClaimStatus | 'ALL') => ['admin', 'uid-claims', 'list', status] as const,
  detail: (id: string) => ['admin', 'uid-claims', 'detail', id] as const,
};

/** GET /api/admin/uid-claims?status= */
export function useUidClaims(status: UidClaimStatus | 'ALL') {
  return useQuery({
    queryKey: uidClaimKeys.list(status),
    queryFn: async ({ signal }): Promise<AdminUidClaim[]> => {
      const query = status === 'ALL' ? '' : `?status=${status}`;
      const { data } = await api.get(`/admin/uid-claims${query}`, {
        schema: z.object({ claims: z.array(adminUidClaimSchema) }),
        audience: 'admin',
        signal,
      });
      return data.claims;
    },
  });
}

/** GET /api/admin/uid-claims/{id}: with the exchange's answer for the UID, asked now. */
export function useUidClaimDetail(id: string) {
  return useQuery({
    queryKey: uidClaimKeys.detail(id),
    queryFn: async ({ signal }): Promise<AdminUidClaimDetail> =>
      (
        await api.get(`/admin/uid-claims/${encodeURIComponent(id)}`, {
          schema: adminUidClaimDetailSchema,
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

/** POST /api/admin/uid-claims/{id}/resolve */
export function useResolveUidClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ResolveUidClaimRequest }) =>
      (
        await api.post(`/admin/uid-claims/${encodeURIComponent(id)}/resolve`, body, {
          schema: adminUidClaimSchema,
          audience: 'admin',
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: uidClaimKeys.all }),
  });
}
