import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/users/{id}/withdrawal-freeze and POST …/lift: the owner's "Not me? Freeze my
 * account" on the member's page, and its lift by an administrator (audited; decision 040).
 */

const freezeSchema = z.object({ frozenByOwner: z.boolean() });

export const withdrawalFreezeKeys = {
  of: (id: string) => ['admin', 'users', id, 'withdrawal-freeze'] as const,
};

export function useWithdrawalFreeze(id: string) {
  return useQuery({
    queryKey: withdrawalFreezeKeys.of(id),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/admin/users/${encodeURIComponent(id)}/withdrawal-freeze`, {
          schema: freezeSchema,
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

export function useLiftWithdrawalFreeze(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post(`/admin/users/${encodeURIComponent(id)}/withdrawal-freeze/lift`, undefined, {
          schema: freezeSchema,
          audience: 'admin',
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(withdrawalFreezeKeys.of(id), data),
  });
}
