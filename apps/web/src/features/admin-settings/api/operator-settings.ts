import type { AdminClaim, AdminClaims } from '@ctn/contracts/operator';
import type { ClaimId, OperatorFacts } from '@ctn/contracts/operator-facts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from '@/lib/site';

/**
 * The operator's facts and the marketing claims (decision 049): GET/PUT
 * /api/admin/settings/operator, GET /api/admin/settings/claims, PUT …/claims/{id}, POST and
 * DELETE …/claims/{id}/confirmation. A save refreshes the public copies this tab holds.
 */
const contract = () => import('@ctn/contracts/operator');
const adminKeys = {
  operator: ['admin', 'settings', 'operator'] as const,
  claims: ['admin', 'settings', 'claims'] as const,
};

export function useAdminOperator() {
  return useQuery({
    queryKey: adminKeys.operator,
    queryFn: async ({ signal }): Promise<OperatorFacts> =>
      (
        await api.get('/admin/settings/operator', {
          schema: contract().then((m) => m.operatorFactsSchema),
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

export function useSaveOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (facts: OperatorFacts): Promise<OperatorFacts> =>
      (
        await api.put('/admin/settings/operator', facts, {
          schema: contract().then((m) => m.operatorFactsSchema),
          audience: 'admin',
        })
      ).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.operator, saved);
      queryClient.setQueryData(siteKeys.operator, saved);
    },
  });
}

export function useAdminClaims() {
  return useQuery({
    queryKey: adminKeys.claims,
    queryFn: async ({ signal }): Promise<AdminClaims> =>
      (
        await api.get('/admin/settings/claims', {
          schema: contract().then((m) => m.adminClaimsSchema),
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

/** One claim changed: the admin list takes its new state, the public copy is read again. */
function useClaimChange<Input>(send: (id: ClaimId, input: Input) => Promise<AdminClaim>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: ClaimId; input: Input }) => send(id, input),
    onSuccess: (claim) => {
      queryClient.setQueryData<AdminClaims>(adminKeys.claims, (old) =>
        old ? { ...old, claims: old.claims.map((c) => (c.id === claim.id ? claim : c)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: siteKeys.claims });
    },
  });
}

export function useSaveClaim() {
  return useClaimChange<Record<string, string>>(
    async (id, parts) =>
      (
        await api.put(
          `/admin/settings/claims/${id}`,
          { parts },
          { schema: contract().then((m) => m.adminClaimSchema), audience: 'admin' },
        )
      ).data,
  );
}

/** `true` confirms the claim can be substantiated; `false` withdraws the confirmation. */
export function useConfirmClaim() {
  return useClaimChange<boolean>(async (id, confirmed) => {
    const path = `/admin/settings/claims/${id}/confirmation`;
    const options = {
      schema: contract().then((m) => m.adminClaimSchema),
      audience: 'admin' as const,
    };
    return (confirmed ? await api.post(path, undefined, options) : await api.delete(path, options))
      .data;
  });
}
