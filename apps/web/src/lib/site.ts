import type {
  EarningsDisclosure,
  LegalDocument,
  LegalDocumentKey,
  SiteLinks,
} from '@ctn/contracts/site';
import { siteLinksReader } from '@ctn/contracts/site-links';
import {
  CLAIMS_BEFORE_ANSWER,
  operatorFactsReader,
  publicClaimsReader,
  type OperatorFacts,
  type PublicClaims,
} from '@ctn/contracts/operator-facts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The public site's operator-owned facts (GET /api/public/…): links and mailbox administrators
 * set, the legal pages' text and the earnings disclosure. An unset link is null and the pages
 * leave it out; while the links load, nothing is shown in their place.
 *
 * The landing page reads the links with the contract's zod-free reader; the other answers'
 * contracts (and zod with them) are imported when their request is made, not with the page.
 */
const contract = () => import('@ctn/contracts/site');

export const siteKeys = {
  links: ['site', 'links'] as const,
  legal: (document: LegalDocumentKey) => ['site', 'legal', document] as const,
  disclosure: ['site', 'earnings-disclosure'] as const,
  operator: ['site', 'operator'] as const,
  claims: ['site', 'claims'] as const,
};

/** Who runs the platform and how to reach support (GET /api/public/operator). */
export function useOperatorFacts() {
  return useQuery({
    queryKey: siteKeys.operator,
    queryFn: async ({ signal }): Promise<OperatorFacts> =>
      (await api.get('/public/operator', { schema: operatorFactsReader, signal })).data,
    staleTime: 10 * 60_000,
  });
}

/**
 * The marketing claims in the operator's words. Until they arrive (at build time, while loading,
 * on an error) a claim that needs confirmation is left out and the rest read as the spec words
 * them: an unconfirmed claim is never shown, not even for a moment.
 */
export function useClaims(): PublicClaims {
  return (
    useQuery({
      queryKey: siteKeys.claims,
      queryFn: async ({ signal }): Promise<PublicClaims> =>
        (await api.get('/public/claims', { schema: publicClaimsReader, signal })).data,
      staleTime: 10 * 60_000,
    }).data ?? CLAIMS_BEFORE_ANSWER
  );
}

export function useSiteLinks() {
  return useQuery({
    queryKey: siteKeys.links,
    queryFn: async ({ signal }): Promise<SiteLinks> =>
      (
        await api.get('/public/site', {
          schema: siteLinksReader,
          signal,
        })
      ).data,
    staleTime: 10 * 60_000,
  });
}

/** One link, or null while loading, on an error or when it is not set: left out either way. */
export function useSiteLink(key: keyof SiteLinks): string | null {
  return useSiteLinks().data?.[key] ?? null;
}

export function useLegalDocument(document: LegalDocumentKey) {
  return useQuery({
    queryKey: siteKeys.legal(document),
    queryFn: async ({ signal }): Promise<LegalDocument> =>
      (
        await api.get(`/public/legal/${document}`, {
          schema: contract().then((m) => m.legalDocumentSchema),
          signal,
        })
      ).data,
    staleTime: 10 * 60_000,
  });
}

export function useEarningsDisclosure() {
  return useQuery({
    queryKey: siteKeys.disclosure,
    queryFn: async ({ signal }): Promise<EarningsDisclosure | null> =>
      (
        await api.get('/public/earnings-disclosure', {
          schema: contract().then((m) => m.earningsDisclosureSchema.nullable()),
          signal,
        })
      ).data,
    staleTime: 10 * 60_000,
  });
}
