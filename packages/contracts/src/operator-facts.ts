import { EXCHANGE_NAME, PRODUCT_NAME, REFERRAL_LEVELS } from './constants';
import type { ResponseReader } from './response-reader';

/**
 * The operator's facts and the marketing claims as the public pages read them, without zod (the
 * landing page imports this file; zod would be the heaviest part of its script). The schemas
 * administrators save through are in operator.ts; operator-facts.test.ts holds the readers to
 * the same answers.
 */

/** A place where members reach support: a messaging app's channel, a help desk. */
export interface SupportChannel {
  label: string;
  url: string;
}

/** Who runs the platform and how to reach them (GET /api/public/operator). Unset is null. */
export interface OperatorFacts {
  /** The legal entity: "Example Trading Ltd". */
  legalName: string | null;
  address: string | null;
  /** Where it is registered and whose law applies: "Seychelles". */
  jurisdiction: string | null;
  supportChannels: SupportChannel[];
  /** The hours the operator keeps, in their words: "Mon-Fri 09:00-18:00 UTC", "24/7". */
  supportHours: string | null;
  /** When the current Terms and Privacy took effect (YYYY-MM-DD). */
  legalEffectiveDate: string | null;
}

/** What each fact is called, and the variable of its environment default. */
export const OPERATOR_FACT_LABELS: Record<
  keyof OperatorFacts,
  { label: string; variable: string }
> = {
  legalName: { label: 'Legal entity', variable: 'OPERATOR_LEGAL_NAME' },
  address: { label: 'Registered address', variable: 'OPERATOR_ADDRESS' },
  jurisdiction: { label: 'Jurisdiction', variable: 'OPERATOR_JURISDICTION' },
  supportChannels: { label: 'Support channels', variable: 'SUPPORT_CHANNELS' },
  supportHours: { label: 'Support hours', variable: 'SUPPORT_HOURS' },
  legalEffectiveDate: {
    label: 'Terms and Privacy effective date',
    variable: 'LEGAL_EFFECTIVE_DATE',
  },
};

/** What the operator must publish before launch: the variables still unset, in this order. */
export function unpublishedOperatorFacts(facts: OperatorFacts): string[] {
  const missing: (keyof OperatorFacts)[] = [];
  if (facts.legalName === null) missing.push('legalName');
  if (facts.address === null) missing.push('address');
  if (facts.jurisdiction === null) missing.push('jurisdiction');
  if (facts.legalEffectiveDate === null) missing.push('legalEffectiveDate');
  return missing.map((key) => OPERATOR_FACT_LABELS[key].variable);
}

/**
 * Support counts as set once members have a mailbox to write to and know the hours it is
 * answered: the variables still unset (SUPPORT_EMAIL, SUPPORT_HOURS), empty once it is.
 */
export function unsetSupport(facts: OperatorFacts, supportEmail: string | null): string[] {
  return [
    ...(supportEmail === null ? ['SUPPORT_EMAIL'] : []),
    ...(facts.supportHours === null ? ['SUPPORT_HOURS'] : []),
  ];
}

/** Whether the hours the operator keeps are around the clock: only then may a page say 24/7. */
export function aroundTheClock(hours: string | null): boolean {
  return hours !== null && /(^|[^\d])24\s*\/\s*7([^\d]|$)/.test(hours);
}

// --------------------------------------------------------------------------------- claims

/**
 * What a claim asserts. `plain` claims describe the product's own rules and are shown as saved;
 * the others state a fact about results, rank, a partnership or availability that the operator
 * must be able to substantiate, and are shown only once an administrator confirms they can.
 */
export type ClaimKind = 'plain' | 'return' | 'ranking' | 'partner' | 'availability';

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  plain: 'Product rule',
  return: 'Return claim',
  ranking: 'Ranking claim',
  partner: 'Partnership claim',
  availability: 'Availability claim',
};

export const needsConfirmation = (kind: ClaimKind): boolean => kind !== 'plain';

export interface ClaimDefinition {
  /** Where it shows: "Landing hero: headline". */
  place: string;
  kind: ClaimKind;
  /** The spec's text, shipped until an administrator saves theirs. Part name -> text. */
  defaults: Readonly<Record<string, string>>;
}

/** Every marketing claim of the public pages, with the spec's text (member side, sections 1-2). */
export const CLAIMS = {
  heroEyebrow: {
    place: 'Landing hero: line above the headline',
    kind: 'partner',
    defaults: { text: `Official ${EXCHANGE_NAME} copy trading partner` },
  },
  heroHeadline: {
    place: 'Landing hero: headline',
    kind: 'ranking',
    defaults: { text: '#1 AI COPY TRADING Network' },
  },
  heroLead: {
    place: 'Landing hero: lead',
    kind: 'plain',
    defaults: {
      text: `Copy our master trader on ${EXCHANGE_NAME} and earn referral rewards up to ${REFERRAL_LEVELS} levels deep.`,
    },
  },
  heroShared: {
    place: 'Landing hero: figure',
    kind: 'plain',
    defaults: { figure: '15%', label: 'shared' },
  },
  heroKeep: {
    place: 'Landing hero: figure',
    kind: 'plain',
    defaults: { figure: '50%', label: 'you keep' },
  },
  heroWithdrawals: {
    place: 'Landing hero: figure',
    kind: 'availability',
    defaults: { figure: '24/7', label: 'withdrawals' },
  },
  statEvolving: {
    place: 'Landing stat card',
    kind: 'plain',
    defaults: {
      title: 'Evolving in the market',
      text: 'An AI-assisted strategy that keeps adapting to the market.',
    },
  },
  statTraders: {
    place: 'Landing stat card',
    kind: 'plain',
    defaults: {
      title: 'Best traders only',
      text: 'We follow more than 100 traders and copy only the best.',
    },
  },
  statLevels: {
    place: 'Landing stat card',
    kind: 'plain',
    defaults: {
      title: `${REFERRAL_LEVELS} referral levels`,
      text: `Earn from your network, up to ${REFERRAL_LEVELS} levels deep.`,
    },
  },
  statPartner: {
    place: 'Landing stat card',
    kind: 'partner',
    defaults: {
      title: `${EXCHANGE_NAME} official partner`,
      text: `Copy trading runs on ${EXCHANGE_NAME}, our official exchange partner.`,
    },
  },
  benefitShared: {
    place: 'Landing benefit card',
    kind: 'plain',
    defaults: {
      figure: '15%',
      title: `Of profit shared across ${REFERRAL_LEVELS} levels`,
      text: `15% of the profit of your network's copy trading is shared across ${REFERRAL_LEVELS} referral levels, plus bonuses from subscriptions.`,
    },
  },
  benefitKeep: {
    place: 'Landing benefit card',
    kind: 'plain',
    defaults: {
      figure: '50%',
      title: 'Of profit stays with you',
      text: `You keep 50% of the profit, in your own ${EXCHANGE_NAME} account: your funds never leave the exchange.`,
    },
  },
  benefitReturn: {
    place: 'Landing benefit card',
    kind: 'return',
    defaults: {
      figure: '5-10%',
      title: 'Monthly return generally seen',
      text: 'Members have generally seen 5-10% a month. Past results do not guarantee future returns.',
    },
  },
  benefitAvailability: {
    place: 'Landing benefit card',
    kind: 'availability',
    defaults: {
      figure: '24/7',
      title: 'Deposits and withdrawals',
      text: `Deposit and withdraw on ${EXCHANGE_NAME} at any time, and withdraw your rewards in USDT whenever you like.`,
    },
  },
  benefitTraders: {
    place: 'Landing benefit card',
    kind: 'plain',
    defaults: {
      figure: '100+',
      title: 'Traders',
      text: 'More than 100 traders are followed, and only the best is copied.',
    },
  },
  benefitPerks: {
    place: 'Landing benefit card',
    kind: 'plain',
    defaults: {
      figure: 'Perks',
      title: 'For top performers',
      text: 'Tours, conferences, education and gifts for the top performers of the network.',
    },
  },
} as const satisfies Record<string, ClaimDefinition>;

export type ClaimId = keyof typeof CLAIMS;
export const CLAIM_IDS = Object.keys(CLAIMS) as ClaimId[];

/** A claim's parts as shown: the saved text, or the spec's. */
export type ClaimParts<Id extends ClaimId = ClaimId> = Record<
  keyof (typeof CLAIMS)[Id]['defaults'],
  string
>;

/**
 * GET /api/public/claims: each claim's parts, or null where it is left out (a claim needing
 * confirmation that no administrator confirmed).
 */
export type PublicClaims = { [Id in ClaimId]: ClaimParts<Id> | null };

/** What the public pages show before the answer arrives, at build time included: no claim
 * needing confirmation (an unconfirmed one must never be baked into the page), the rest as the
 * spec words them. */
export const CLAIMS_BEFORE_ANSWER = Object.fromEntries(
  CLAIM_IDS.map((id) => [id, needsConfirmation(CLAIMS[id].kind) ? null : CLAIMS[id].defaults]),
) as PublicClaims;

/** The public product name stands where a ranking headline is left out. */
export const HEADLINE_WITHOUT_CLAIM = PRODUCT_NAME;

const isStringRecord = (value: unknown, keys: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

export const publicClaimsReader: ResponseReader<PublicClaims> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null)
      return { success: false, error: { issues: ['not an object'] } };
    const record = data as Record<string, unknown>;
    const issues = CLAIM_IDS.filter(
      (id) => record[id] !== null && !isStringRecord(record[id], Object.keys(CLAIMS[id].defaults)),
    ).map((id) => `${id}: its parts or null expected`);
    if (issues.length) return { success: false, error: { issues } };
    return {
      success: true,
      data: Object.fromEntries(CLAIM_IDS.map((id) => [id, record[id]])) as PublicClaims,
    };
  },
};

const nullableString = (value: unknown) => value === null || typeof value === 'string';

export const operatorFactsReader: ResponseReader<OperatorFacts> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null)
      return { success: false, error: { issues: ['not an object'] } };
    const r = data as Record<string, unknown>;
    const issues = (
      ['legalName', 'address', 'jurisdiction', 'supportHours', 'legalEffectiveDate'] as const
    )
      .filter((key) => !nullableString(r[key]))
      .map((key) => `${key}: a string or null expected`);
    const channels = r.supportChannels;
    if (!Array.isArray(channels) || !channels.every((c) => isStringRecord(c, ['label', 'url'])))
      issues.push('supportChannels: a list of {label, url} expected');
    if (issues.length) return { success: false, error: { issues } };
    return {
      success: true,
      data: {
        legalName: r.legalName as string | null,
        address: r.address as string | null,
        jurisdiction: r.jurisdiction as string | null,
        supportChannels: (channels as SupportChannel[]).map(({ label, url }) => ({ label, url })),
        supportHours: r.supportHours as string | null,
        legalEffectiveDate: r.legalEffectiveDate as string | null,
      },
    };
  },
};
