import { siteLinksSchema, type SiteLinks } from '@ctn/contracts/site';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/settings/site: the public site's links as the administrators set them (issue
 * 18), read by the settings form and by the dashboard's notice of the links still unset.
 */

export const adminSiteLinksKey = ['admin', 'settings', 'site'] as const;

export function useAdminSiteLinks() {
  return useQuery({
    queryKey: adminSiteLinksKey,
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
