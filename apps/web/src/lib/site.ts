import type {
  EarningsDisclosure,
  LegalDocument,
  LegalDocumentKey,
  SiteLinks,
} from '@ctn/contracts/site';
import { siteLinksReader } from '@ctn/contracts/site-links';
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
};

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
