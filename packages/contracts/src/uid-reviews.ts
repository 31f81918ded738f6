import { z } from 'zod';

/**
 * A member's UID link under review (decision 043) and what it holds (decision 044): while
 * FLAGGED, the DOWNLINE credits its trading produces for the uplines are held; an administrator
 * clears it (released) or rejects it (UID unlinked, held credits forfeited to the platform).
 */
export const UID_REVIEW_REASONS = [
  'UID_OLDER_THAN_MEMBER',
  'UID_OLDER_THAN_UPLINE',
  'BINGX_REGISTRATION_UNKNOWN',
  'SHARED_SIGN_IN_ADDRESS',
  'SHARED_WITHDRAWAL_ADDRESS',
] as const;
export type UidReviewReason = (typeof UID_REVIEW_REASONS)[number];

/** Each reason in words, for administrators. */
export const UID_REVIEW_REASON_TEXTS: Record<UidReviewReason, string> = {
  UID_OLDER_THAN_MEMBER: 'The UID registered at BingX before the member registered here',
  UID_OLDER_THAN_UPLINE: "The UID registered at BingX before the member's upline registered here",
  BINGX_REGISTRATION_UNKNOWN: 'BingX did not say when the UID registered',
  SHARED_SIGN_IN_ADDRESS: 'The member signs in from an address another member uses',
  SHARED_WITHDRAWAL_ADDRESS: 'The member withdraws to an address another member uses',
};

/** A stored reason in words; one this version does not know reads as stored. */
export function uidReviewReasonText(reason: string): string {
  return (UID_REVIEW_REASON_TEXTS as Record<string, string>)[reason] ?? reason;
}

export const UID_REVIEW_STATUSES = ['FLAGGED', 'CLEARED', 'REJECTED'] as const;
export type UidReviewStatus = (typeof UID_REVIEW_STATUSES)[number];

export const uidReviewSchema = z.object({
  userId: z.string(),
  uid: z.string(),
  status: z.enum(UID_REVIEW_STATUSES),
  reasons: z.array(z.string()),
  /** The invitation code BingX names for the UID's inviter; null when it named none. */
  invitationCode: z.string().nullable(),
  flaggedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** USDT its trading's credits hold for the uplines now, and for how many of them. */
  heldAmount: z.number(),
  heldRecipients: z.number(),
});
export type UidReview = z.infer<typeof uidReviewSchema>;

/** GET /api/admin/uid-reviews/{userId}: null when the member's link was never flagged. */
export const uidReviewResponseSchema = z.object({ review: uidReviewSchema.nullable() });
export type UidReviewResponse = z.infer<typeof uidReviewResponseSchema>;

export const uidReviewParamsSchema = z.object({ userId: z.uuid() });

/** POST /api/admin/uid-reviews/{userId}/clear and /reject: what the decision moved. */
export const uidReviewDecisionSchema = z.object({
  review: uidReviewSchema,
  /** USDT released to the uplines (clear) or forfeited to the platform (reject). */
  settledAmount: z.number(),
  recipients: z.number(),
});
export type UidReviewDecision = z.infer<typeof uidReviewDecisionSchema>;
