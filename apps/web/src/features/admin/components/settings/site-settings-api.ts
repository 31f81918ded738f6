import {
  earningsDisclosureSchema,
  legalDocumentSchema,
  siteLinksSchema,
  type LegalDocument,
  type LegalDocumentKey,
  type SiteLinks,
} from '@ctn/contracts/site';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from '@/lib/site';

/**
 * The public site's settings (issue 18): GET/PUT /api/admin/settings/site, PUT
 * /api/admin/settings/legal/{document}, POST /api/admin/earnings-disclosure. A save refreshes
 * the public copies this tab holds, so the footer and pages show it at once.
 */

const adminLinksKey = ['admin', 'settings', 'site'] as const;

export function useAdminSiteLinks() {
  return useQuery({
    queryKey: adminLinksKey,
    queryFn: async ({ signal }): Promise<SiteLinks> =>
      (
        await api.get('/admin/settings/site', {
          schema: siteLinksSchema,
          audience: 'admin',
          signal,
        })
      ).data,
  });
}

export function useSaveSiteLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (links: SiteLinks): Promise<SiteLinks> =>
      (await api.put('/admin/settings/site', links, { schema: siteLinksSchema, audience: 'admin' }))
        .data,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminLinksKey, saved);
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
