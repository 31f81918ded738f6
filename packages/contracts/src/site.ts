import { z } from 'zod';
import { isEmail } from './validation';

/**
 * The public site's operator-owned facts (issue 18 item 7): the links and mailbox administrators
 * set (GET /api/public/site, GET/PUT /api/admin/settings/site), the legal pages whose text they
 * edit, and the daily earnings disclosure. Nothing here is ever a placeholder: an unset link is
 * null, and the pages leave it out.
 */

const httpsUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${what} is too long`)
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, `The ${what} must be an https:// address`);

export const siteLinksSchema = z.object({
  /** The operator's BingX invitation (affiliate) link. */
  affiliateUrl: httpsUrl('affiliate link').nullable(),
  /** The master trader's copy-trading page on BingX. */
  copyTradingUrl: httpsUrl('copy-trading link').nullable(),
  /** The announcements channel (Telegram). */
  updatesChannelUrl: httpsUrl('updates channel link').nullable(),
  /** The members' community and support channel (Telegram). */
  communityChannelUrl: httpsUrl('community channel link').nullable(),
  /** The support mailbox members write to. */
  supportEmail: z
    .string()
    .trim()
    .max(254, 'The support mailbox is too long')
    .refine(isEmail, 'The support mailbox must be an email address')
    .nullable(),
});
export type SiteLinks = z.infer<typeof siteLinksSchema>;
export type SiteLink = keyof SiteLinks;

// What each setting is called, the list of them, the unset ones, and the landing page's zod-free
// reader live in site-links.ts: import them from there (no zod there: the landing page does).

// ------------------------------------------------------------------------------ legal pages

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'risk'] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_TITLES: Record<LegalDocumentKey, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  risk: 'Risk Disclosure',
};

export const LEGAL_BODY_MAX = 30_000;

/**
 * The text an administrator edits: paragraphs separated by a blank line; a line starting with
 * "## " is a section heading. Plain text only: the page renders it as text, never as HTML.
 */
export const legalBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(40, 'The text is too short to be a legal page')
    .max(
      LEGAL_BODY_MAX,
      `The text is longer than ${LEGAL_BODY_MAX.toLocaleString('en-US')} characters`,
    ),
});

export const legalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  body: z.string(),
  /** When an administrator last saved it; null while the built-in text is shown. */
  updatedAt: z.string().nullable(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export interface LegalSection {
  heading: string | null;
  paragraphs: string[];
}

/** The body as sections: text before the first heading forms a section without one. */
export function legalSectionsOf(body: string): LegalSection[] {
  const sections: LegalSection[] = [];
  let current: LegalSection | null = null;
  for (const block of body.replaceAll('\r\n', '\n').split(/\n\s*\n/)) {
    const lines = block.trim().split('\n');
    if (lines[0] === '') continue;
    if (lines[0]!.startsWith('## ')) {
      current = { heading: lines[0]!.slice(3).trim(), paragraphs: [] };
      sections.push(current);
      lines.shift();
    }
    const paragraph = lines.join(' ').trim();
    if (paragraph === '') continue;
    if (!current) {
      current = { heading: null, paragraphs: [] };
      sections.push(current);
    }
    current.paragraphs.push(paragraph);
  }
  return sections;
}

// ------------------------------------------------------------------------- earnings disclosure

export const DISCLOSURE_WINDOWS = [30, 365] as const;

/** One window's figures, in micro-USDT strings (money never travels as a float). */
export const disclosureWindowSchema = z.object({
  days: z.number().int(),
  /** Members with an active subscription at some point in the window. */
  members: z.number().int(),
  /** Of those, how many were credited no reward at all in the window. */
  earnedNothing: z.number().int(),
  medianMicro: z.string(),
  p90Micro: z.string(),
  /** The least a member of the top 1% earned, and what the top 1% earned on average. */
  top1ThresholdMicro: z.string(),
  top1AverageMicro: z.string(),
  /** Every reward credited in the window, locked ones included. */
  rewardsMicro: z.string(),
  /** What members paid in subscription fees in the window. */
  feesPaidMicro: z.string(),
});
export type DisclosureWindow = z.infer<typeof disclosureWindowSchema>;

export const earningsDisclosureSchema = z.object({
  /** The UTC day the figures were built; the windows end at its start. */
  day: z.string(),
  builtAt: z.string(),
  windows: z.array(disclosureWindowSchema),
});
export type EarningsDisclosure = z.infer<typeof earningsDisclosureSchema>;
