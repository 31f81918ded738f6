import type { CycleRoot, InclusionProof, ProofHistory, ProofLatest } from '@ctn/contracts/proof';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The proof of liabilities (docs/proof.md): the public roots (GET /api/proof/…) and the member's
 * own inclusion proofs (GET /api/users/proof…), read by the public /proof page, the dashboard and
 * the cycle statement. The contracts (and zod) come with the request, not with the page.
 */
const contract = () => import('@ctn/contracts/proof');

export const proofKeys = {
  latest: ['proof', 'latest'] as const,
  history: (page: number) => ['proof', 'history', page] as const,
  mine: ['proof', 'mine'] as const,
  cycleRoot: (number: number) => ['proof', 'cycle', number] as const,
  myCycle: (number: number) => ['proof', 'my-cycle', number] as const,
};

export function useProofLatest() {
  return useQuery({
    queryKey: proofKeys.latest,
    queryFn: async ({ signal }): Promise<ProofLatest | null> =>
      (
        await api.get('/proof/latest', {
          schema: contract().then((m) => m.proofLatestSchema.nullable()),
          signal,
        })
      ).data,
  });
}

export function useProofHistory(page: number) {
  return useQuery({
    queryKey: proofKeys.history(page),
    queryFn: async ({ signal }): Promise<ProofHistory> =>
      (
        await api.get(`/proof/history?page=${page}&limit=10`, {
          schema: contract().then((m) => m.proofHistorySchema),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The signed-in member's leaf and path in the newest proof; null before one includes them. */
export function useMyProof() {
  return useQuery({
    queryKey: proofKeys.mine,
    queryFn: async ({ signal }): Promise<InclusionProof | null> =>
      (
        await api.get('/users/proof', {
          schema: contract().then((m) => m.inclusionProofSchema.nullable()),
          signal,
        })
      ).data,
  });
}

export function useCycleRoot(number: number) {
  return useQuery({
    queryKey: proofKeys.cycleRoot(number),
    queryFn: async ({ signal }): Promise<CycleRoot | null> =>
      (
        await api.get(`/proof/cycles/${number}`, {
          schema: contract().then((m) => m.cycleRootSchema.nullable()),
          signal,
        })
      ).data,
    enabled: Number.isInteger(number) && number > 0,
  });
}

/** The signed-in member's line and path in a cycle's root; null when there is none. */
export function useMyCycleProof(number: number) {
  return useQuery({
    queryKey: proofKeys.myCycle(number),
    queryFn: async ({ signal }): Promise<InclusionProof | null> =>
      (
        await api.get(`/users/proof/cycles/${number}`, {
          schema: contract().then((m) => m.inclusionProofSchema.nullable()),
          signal,
        })
      ).data,
    enabled: Number.isInteger(number) && number > 0,
  });
}
