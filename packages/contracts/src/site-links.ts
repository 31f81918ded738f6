import type { ResponseReader } from './response-reader';
import type { SiteLink, SiteLinks } from './site';

/** What each setting is, as the admin page and its "missing" notice name it. */
export const SITE_LINK_LABELS: Record<SiteLink, string> = {
  affiliateUrl: 'BingX affiliate link',
  copyTradingUrl: 'Copy-trading link',
  updatesChannelUrl: 'Updates channel',
  communityChannelUrl: 'Community channel',
  supportEmail: 'Support mailbox',
};

export const SITE_LINKS: readonly SiteLink[] = Object.keys(SITE_LINK_LABELS) as SiteLink[];

/** The settings still unset, in the order the admin page lists them. */
export const missingSiteLinks = (links: SiteLinks): SiteLink[] =>
  SITE_LINKS.filter((key) => links[key] === null);

/**
 * GET /api/public/site as the public pages read it, without zod: zod and the site contract would
 * be the largest script a visitor's first page runs, for five strings. Each setting is a string
 * or null, and any other shape is refused, as `siteLinksSchema` (site.ts) refuses it; what a link
 * may be (https only, a mailbox) is checked when an administrator saves it, by that schema.
 * site-links.test.ts holds the two to the same answers.
 */
export const siteLinksReader: ResponseReader<SiteLinks> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null)
      return { success: false, error: { issues: ['not an object'] } };
    const record = data as Record<string, unknown>;
    const issues = SITE_LINKS.filter(
      (key) => record[key] !== null && typeof record[key] !== 'string',
    ).map((key) => `${key}: a string or null expected`);
    if (issues.length) return { success: false, error: { issues } };
    const links = Object.fromEntries(SITE_LINKS.map((key) => [key, record[key]])) as SiteLinks;
    return { success: true, data: links };
  },
};
