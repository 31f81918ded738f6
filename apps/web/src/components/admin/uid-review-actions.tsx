import {
  uidReviewDecisionSchema,
  uidReviewResponseSchema,
  type UidReview,
} from '@ctn/contracts/uid-reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { formatUsdt } from '@/lib/format';
import { refusalText } from '@/lib/refusal-text';
import { ReviewDialog } from './review-dialog';

/**
 * A flagged UID link's clear and reject (decision 044), for the risk center's flagged-link rows
 * and the member's page: each asks first, naming what moves.
 */
export const uidReviewKeys = {
  of: (userId: string) => ['admin', 'uid-review', userId] as const,
};

/** GET /api/admin/uid-reviews/{userId}: null when the member's link was never flagged. */
export function useUidReview(userId: string) {
  return useQuery({
    queryKey: uidReviewKeys.of(userId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/admin/uid-reviews/${encodeURIComponent(userId)}`, {
          schema: uidReviewResponseSchema,
          audience: 'admin',
          signal,
        })
      ).data.review,
  });
}

type Decision = 'clear' | 'reject';

function useDecideUidReview(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) =>
      (
        await api.post(`/admin/uid-reviews/${encodeURIComponent(userId)}/${decision}`, undefined, {
          schema: uidReviewDecisionSchema,
          audience: 'admin',
        })
      ).data,
    // The risk center, the member's page and balances all change.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const UID_REVIEW_TEXT = {
  clearTitle: 'Clear this UID link?',
  rejectTitle: 'Reject this UID link?',
  clear: (review: UidReview) =>
    `UID ${review.uid} stays linked, and what its trading holds for the uplines is released to them: ${formatUsdt(review.heldAmount)} to ${review.heldRecipients} member(s). Recorded in the audit log.`,
  reject: (review: UidReview) =>
    `UID ${review.uid} is unlinked from the member, and the ${formatUsdt(review.heldAmount)} its trading holds for ${review.heldRecipients} upline(s) is forfeited to the platform. The member may link again; a new link is reviewed again. Recorded in the audit log.`,
  cleared: (amount: number) => `UID link cleared: ${formatUsdt(amount)} released to the uplines`,
  rejected: (amount: number) =>
    `UID link rejected: the UID is unlinked and ${formatUsdt(amount)} forfeited`,
} as const;

/** Clear and Reject buttons for a FLAGGED review; nothing once it is decided. */
export function UidReviewActions({ review }: { review: UidReview }) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const decide = useDecideUidReview(review.userId);
  if (review.status !== 'FLAGGED') return null;

  const close = () => {
    setAsking(null);
    decide.reset();
  };
  const confirm = (decision: Decision) =>
    decide.mutate(decision, {
      onSuccess: (data) => {
        toast(
          decision === 'clear'
            ? UID_REVIEW_TEXT.cleared(data.settledAmount)
            : UID_REVIEW_TEXT.rejected(data.settledAmount),
        );
        setAsking(null);
      },
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setAsking('clear')}>
        Clear the flag…
      </Button>
      <Button size="sm" variant="danger-outline" onClick={() => setAsking('reject')}>
        Reject the link…
      </Button>
      {asking ? (
        <ReviewDialog
          title={asking === 'clear' ? UID_REVIEW_TEXT.clearTitle : UID_REVIEW_TEXT.rejectTitle}
          description={
            asking === 'clear' ? UID_REVIEW_TEXT.clear(review) : UID_REVIEW_TEXT.reject(review)
          }
          confirmLabel={asking === 'clear' ? 'Clear and release' : 'Reject and unlink'}
          pendingLabel={asking === 'clear' ? 'Clearing...' : 'Rejecting...'}
          variant={asking === 'clear' ? 'primary' : 'danger'}
          pending={decide.isPending}
          error={
            decide.isError
              ? refusalText(
                  decide.error,
                  'The decision was not recorded',
                  'An error occurred while recording the decision',
                )
              : null
          }
          onConfirm={() => confirm(asking)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** The actions of one member's flagged link, read first (what it holds goes in the dialogs). */
export function FlaggedLinkActions({ userId }: { userId: string }) {
  const review = useUidReview(userId);
  if (review.isPending)
    return <p className="text-xs text-fg-muted">Reading what the link holds…</p>;
  if (review.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {refusalText(review.error, 'Could not read the UID review')}
      </p>
    );
  if (!review.data) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm text-fg">
        Held for its uplines: <strong>{formatUsdt(review.data.heldAmount)}</strong>
      </p>
      <UidReviewActions review={review.data} />
    </div>
  );
}
