import { uidReviewReasonText } from '@ctn/contracts/uid-reviews';
import { ShieldAlert } from 'lucide-react';
import { UidReviewActions, useUidReview } from '@/components/admin/uid-review-actions';
import { Alert } from '@/components/ui/alert';
import { formatDateTime, formatUsdt } from '@/lib/format';
import { refusalText } from '@/lib/refusal-text';

export const UID_REVIEW_NOTICE_TEXT = {
  flagged: 'Flagged for review',
  loadFailed: 'Could not read whether this member’s UID link is under review.',
  noCode: 'BingX named no invitation code for this UID (unknown, not absent).',
} as const;

/**
 * The member's UID link review (decisions 043, 044): while flagged, its reasons in words, the
 * invitation code BingX named, what it holds for the uplines, and Clear / Reject; once decided,
 * one line saying so. Nothing when the link was never flagged.
 */
export function UidReviewNotice({ userId }: { userId: string }) {
  const review = useUidReview(userId);
  if (review.isPending) return null;
  if (review.isError)
    return (
      <Alert variant="error">{refusalText(review.error, UID_REVIEW_NOTICE_TEXT.loadFailed)}</Alert>
    );
  const data = review.data;
  if (!data) return null;
  if (data.status !== 'FLAGGED')
    return (
      <p className="text-sm text-fg-muted">
        UID link {data.uid} was {data.status === 'CLEARED' ? 'cleared' : 'rejected'} after a review
        {data.decidedAt ? ` on ${formatDateTime(data.decidedAt)}` : ''}.
      </p>
    );
  return (
    <section
      aria-label="UID link flagged for review"
      className="space-y-3 rounded-xl border border-amber-500/30 bg-warning-soft p-4"
    >
      <h2 className="flex items-center gap-2 font-semibold text-fg">
        <ShieldAlert className="size-4 text-warning" aria-hidden="true" />
        {UID_REVIEW_NOTICE_TEXT.flagged}: UID <span className="font-mono">{data.uid}</span>
      </h2>
      <ul aria-label="Why it was flagged" className="list-disc space-y-1 pl-5 text-sm text-fg">
        {data.reasons.map((reason) => (
          <li key={reason}>{uidReviewReasonText(reason)}</li>
        ))}
      </ul>
      <p className="text-sm text-fg">
        {data.invitationCode ? (
          <>
            BingX names invitation code <span className="font-mono">{data.invitationCode}</span> for
            its inviter.
          </>
        ) : (
          UID_REVIEW_NOTICE_TEXT.noCode
        )}
      </p>
      <p className="text-sm text-fg">
        Flagged {formatDateTime(data.flaggedAt)}. Its trading holds{' '}
        <strong>{formatUsdt(data.heldAmount)}</strong> for {data.heldRecipients} upline(s) until you
        decide.
      </p>
      <UidReviewActions review={data} />
    </section>
  );
}
