import {
  earningsDisclosureSchema,
  legalDocumentSchema,
  siteLinksSchema,
  type LegalDocument,
  type LegalDocumentKey,
  type SiteLinks,
} from '@ctn/contracts/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminSiteLinksKey } from '@/lib/admin/site-links';
import { siteKeys } from '@/lib/site';

/**
 * Saving the public site's settings (issue 18): PUT /api/admin/settings/site (read with
 * lib/admin/site-links), PUT /api/admin/settings/legal/{document}, POST
 * /api/admin/earnings-disclosure. A save refreshes the public copies this tab holds, so the
 * footer and pages show it at once.
 */

export function useSaveSiteLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (links: SiteLinks): Promise<SiteLinks> =>
      (await api.put('/admin/settings/site', links, { schema: siteLinksSchema, audience: 'admin' }))
        .data,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSiteLinksKey, saved);
      queryClient.setQueryData(siteKeys.links, saved);
      // The built-in legal texts name the support mailbox.
      void queryClient.invalidateQueries({ queryKey: ['site', 'legal'] });
    },
  });
}

export function useSaveLegalDocument(document: LegalDocumentKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string): Promise<LegalDocument> =>
      (
        await api.put(
          `/admin/settings/legal/${document}`,
          { body },
          { schema: legalDocumentSchema, audience: 'admin' },
        )
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(siteKeys.legal(document), saved),
  });
}

export function useRebuildDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post('/admin/earnings-disclosure', undefined, {
          schema: earningsDisclosureSchema,
          audience: 'admin',
        })
      ).data,
    onSuccess: (built) => queryClient.setQueryData(siteKeys.disclosure, built),
  });
}
