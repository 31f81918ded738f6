import { z } from 'zod';
import {
  CLAIM_IDS,
  CLAIMS,
  type ClaimId,
  type ClaimKind,
  type OperatorFacts,
  type SupportChannel,
} from './operator-facts';
import { isEmail } from './validation';

/**
 * The operator's facts and the marketing claims as administrators save them
 * (GET/PUT /api/admin/settings/operator, /api/admin/settings/claims), and the public contact form
 * (POST /api/public/contact). What the public pages read, without zod, is in operator-facts.ts.
 */

const text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} is empty`)
    .max(max, `The ${what} is longer than ${max} characters`);

export const httpsUrlSchema = (what: string) =>
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

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be written YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'The date does not exist');

export const supportChannelSchema = z.object({
  label: text('channel name', 60),
  url: httpsUrlSchema('channel link'),
}) satisfies z.ZodType<SupportChannel>;

export const MAX_SUPPORT_CHANNELS = 6;

export const operatorFactsSchema = z.object({
  legalName: text('legal entity', 200).nullable(),
  address: text('address', 500).nullable(),
  jurisdiction: text('jurisdiction', 200).nullable(),
  supportChannels: z
    .array(supportChannelSchema)
    .max(MAX_SUPPORT_CHANNELS, `At most ${MAX_SUPPORT_CHANNELS} support channels`),
  supportHours: text('support hours', 200).nullable(),
  legalEffectiveDate: isoDaySchema.nullable(),
}) satisfies z.ZodType<OperatorFacts>;

// --------------------------------------------------------------------------------- claims

const CLAIM_PART_MAX = 300;

/** PUT /api/admin/settings/claims/:claim: the parts of that claim, each 1-300 characters. */
export const claimPartsSchema = z.record(z.string(), text('text', CLAIM_PART_MAX));

export const claimParamsSchema = z.object({ claim: z.enum(CLAIM_IDS as [ClaimId, ...ClaimId[]]) });

/** The parts a claim must have, no more, no fewer. */
export function claimPartsProblem(id: ClaimId, parts: Record<string, string>): string | null {
  const expected = Object.keys(CLAIMS[id].defaults);
  const given = Object.keys(parts);
  const missing = expected.filter((key) => !given.includes(key));
  const extra = given.filter((key) => !expected.includes(key));
  if (missing.length) return `Missing: ${missing.join(', ')}`;
  if (extra.length) return `Not a part of this claim: ${extra.join(', ')}`;
  return null;
}

/** Who confirmed a claim can be substantiated, and when. */
export const claimConfirmationSchema = z.object({
  byEmail: z.string(),
  at: z.string(),
});

export const adminClaimSchema = z.object({
  id: z.enum(CLAIM_IDS as [ClaimId, ...ClaimId[]]),
  place: z.string(),
  kind: z.enum(['plain', 'return', 'ranking', 'partner', 'availability'] satisfies ClaimKind[]),
  needsConfirmation: z.boolean(),
  parts: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()),
  /** True while the spec's text is shown (never saved, or saved back to it). */
  isDefault: z.boolean(),
  confirmation: claimConfirmationSchema.nullable(),
  /** Shown on the public pages now. */
  shown: z.boolean(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

/**
 * The earnings disclosure's figures beside the return claims: what members really earned in
 * the last 30 days against what membership costs. Null before the disclosure's first build.
 */
export const claimEvidenceSchema = z.object({
  day: z.string(),
  days: z.number().int(),
  members: z.number().int(),
  earnedNothing: z.number().int(),
  medianMicro: z.string(),
  p90Micro: z.string(),
  /** The subscription fee of one period, in micro-USDT. */
  feeMicro: z.string(),
});
export type ClaimEvidence = z.infer<typeof claimEvidenceSchema>;

export const adminClaimsSchema = z.object({
  claims: z.array(adminClaimSchema),
  evidence: claimEvidenceSchema.nullable(),
});
export type AdminClaims = z.infer<typeof adminClaimsSchema>;

// --------------------------------------------------------------------------- contact form

export const CONTACT_TOPICS = {
  account: 'My account',
  payment: 'A subscription payment',
  withdrawal: 'A withdrawal',
  rewards: 'Rewards',
  exchange: 'My exchange UID',
  other: 'Something else',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;
export const CONTACT_TOPIC_KEYS = Object.keys(CONTACT_TOPICS) as ContactTopic[];

export const CONTACT_LIMITS = { name: 100, subject: 150, messageMin: 10, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  nameLong: `Your name is longer than ${CONTACT_LIMITS.name} characters`,
  email: 'Please enter a valid email address',
  topic: 'Please choose a topic',
  subjectLong: `The subject is longer than ${CONTACT_LIMITS.subject} characters`,
  messageShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters`,
  messageLong: `The message is longer than ${CONTACT_LIMITS.message} characters`,
} as const;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.name)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameLong),
  email: z.string().trim().max(254, CONTACT_MESSAGES.email).refine(isEmail, CONTACT_MESSAGES.email),
  topic: z.enum(CONTACT_TOPIC_KEYS as [ContactTopic, ...ContactTopic[]], {
    error: CONTACT_MESSAGES.topic,
  }),
  subject: z.string().trim().max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectLong).default(''),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageShort)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageLong),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

export const contactReceiptSchema = z.object({
  /** The ticket number mailed back to the sender: "CT-000042". */
  ticket: z.string(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** "CT-000042" from the ticket's sequence number. */
export const ticketNumberOf = (sequence: number | bigint): string =>
  `CT-${String(sequence).padStart(6, '0')}`;
