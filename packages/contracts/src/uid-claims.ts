import { z } from 'zod';
import { BINGX_UID_PATTERN, trimmedPattern } from './validation';

/** A member's claim to a BingX UID that another account has linked (issue 15, decision 017). */
export const UID_CLAIM_STATUSES = ['OPEN', 'UNLINKED', 'REASSIGNED', 'REJECTED'] as const;
export type UidClaimStatus = (typeof UID_CLAIM_STATUSES)[number];
export const UID_CLAIM_MESSAGE_MAX = 1000;

/** POST /api/users/bingx-uid/claims */
export const fileUidClaimRequestSchema = z.object({
  bingXUID: z
    .string({ error: 'Please enter your BingX UID' })
    .trim()
    .min(1, 'Please enter your BingX UID')
    .max(32)
    .meta({ pattern: trimmedPattern(BINGX_UID_PATTERN) }),
  message: z
    .string({ error: 'Tell us why this UID is yours' })
    .trim()
    .min(10, 'Tell us why this UID is yours (at least 10 characters)')
    .max(UID_CLAIM_MESSAGE_MAX, `At most ${UID_CLAIM_MESSAGE_MAX} characters`),
});
export type FileUidClaimRequest = z.infer<typeof fileUidClaimRequestSchema>;

/** A claim as its member sees it. */
export const memberUidClaimSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  message: z.string(),
  status: z.enum(UID_CLAIM_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type MemberUidClaim = z.infer<typeof memberUidClaimSchema>;

const claimAccountSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  bingXUID: z.string().nullable(),
  linkedAt: z.string().nullable(),
  subscriptionPaid: z.boolean(),
  createdAt: z.string(),
});

/** What the exchange says of the UID now; null figures are unknown. */
export const claimExchangeAnswerSchema = z.object({
  available: z.boolean(),
  invited: z.boolean().nullable(),
  directInvitation: z.boolean().nullable(),
  registeredAt: z.string().nullable(),
  kycDone: z.boolean().nullable(),
  problem: z.string().nullable(),
});

/** A claim as administrators see it: both accounts and the exchange's answer. */
export const adminUidClaimSchema = memberUidClaimSchema.extend({
  claimant: claimAccountSchema,
  holder: claimAccountSchema.nullable(),
});
export type AdminUidClaim = z.infer<typeof adminUidClaimSchema>;

export const adminUidClaimDetailSchema = adminUidClaimSchema.extend({
  exchange: claimExchangeAnswerSchema,
});
export type AdminUidClaimDetail = z.infer<typeof adminUidClaimDetailSchema>;

/** POST /api/admin/uid-claims/{id}/resolve */
export const UID_CLAIM_ACTIONS = ['UNLINK', 'REASSIGN', 'REJECT'] as const;
export const resolveUidClaimRequestSchema = z.object({
  action: z.enum(UID_CLAIM_ACTIONS, { error: 'Choose unlink, reassign or reject' }),
  note: z
    .string({ error: 'A note is required' })
    .trim()
    .min(3, 'Say why, for both members (at least 3 characters)')
    .max(500, 'At most 500 characters'),
});
export type ResolveUidClaimRequest = z.infer<typeof resolveUidClaimRequestSchema>;
