import { z } from 'zod';

/** The administrators' risk center (/admin/risk; docs/security.md, decision 043). */
export const RISK_SIGNAL_KINDS = [
  'SHARED_SIGN_IN_ADDRESS',
  'SHARED_DEVICE',
  'SHARED_WITHDRAWAL_ADDRESS',
  'REFERRAL_LOOP',
  'SIGN_UP_BURST',
  'FLAGGED_UID_LINK',
  'UID_PROBES',
  'SECOND_FACTOR_ATTACK',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

/** How the page names each kind. */
export const RISK_SIGNAL_LABELS: Record<RiskSignalKind, string> = {
  SHARED_SIGN_IN_ADDRESS: 'Shared sign-in address',
  SHARED_DEVICE: 'Shared device',
  SHARED_WITHDRAWAL_ADDRESS: 'Shared withdrawal address',
  REFERRAL_LOOP: 'Referral chain through one address',
  SIGN_UP_BURST: 'Burst of sign-ups under one code',
  FLAGGED_UID_LINK: 'UID link flagged for review',
  UID_PROBES: 'Repeated UID checks',
  SECOND_FACTOR_ATTACK: 'Wrong second-factor codes',
};

export const riskMemberSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
});
export type RiskMember = z.infer<typeof riskMemberSchema>;

export const riskSignalSchema = z.object({
  /** Stable while the same members share the same thing: a review sticks to it. */
  key: z.string(),
  kind: z.enum(RISK_SIGNAL_KINDS),
  members: z.array(riskMemberSchema),
  evidence: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const RISK_SHOW = ['open', 'all'] as const;
export const riskSignalsQuerySchema = z.object({ show: z.enum(RISK_SHOW).default('open') });
export const riskSignalsResponseSchema = z.object({ signals: z.array(riskSignalSchema) });
export type RiskSignalsResponse = z.infer<typeof riskSignalsResponseSchema>;

/** POST /api/admin/risk/reviews */
export const markRiskReviewedRequestSchema = z.object({ key: z.string().min(1).max(300) });
export type MarkRiskReviewedRequest = z.infer<typeof markRiskReviewedRequestSchema>;
