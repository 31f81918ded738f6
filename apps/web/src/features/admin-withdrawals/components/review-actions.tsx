import type { ReviewWithdrawalRequest, WithdrawalReview } from '@ctn/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, CircleX, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { adminWithdrawalKeys } from '../api/get-admin-withdrawals';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import { refusalText } from '@/lib/refusal-text';
import { statusText } from '@/lib/admin/format';
import { ApproveDialog } from './approve-dialog';
import { ReasonDialog } from './reason-dialog';
import { ReviewDialog } from '@/components/admin/review-dialog';

type Action = 'approve' | 'send' | 'reject' | 'block';

/** How a decision reads in the toast: "Withdrawal approved successfully". */
const DONE_TEXT: Partial<Record<string, string>> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  BLOCKED_COMPLIANCE: 'blocked for compliance',
};

/** Approve, Approve and send (with a hot wallet), Reject, Block: each confirmed in a dialog. */
export function ReviewActions({ review }: { review: WithdrawalReview }) {
  const w = review.withdrawal;
  const queryClient = useQueryClient();
  const mutation = useReviewWithdrawal();
  const [action, setAction] = useState<Action | null>(null);

  const open = (next: Action) => {
    mutation.reset();
    setAction(next);
  };
  const close = () => {
    if (!mutation.isPending) setAction(null);
  };

  const submit = (body: ReviewWithdrawalRequest) =>
    mutation.mutate(
      { id: w._id, body },
      {
        onSuccess: (data) => {
          toast(`Withdrawal ${DONE_TEXT[data.status] ?? statusText(data.status)} successfully`);
          setAction(null);
        },
        onError: (error) => {
          // Someone else decided it meanwhile: say so and show the request as it now stands.
          if (isApiError(error) && error.is('WITHDRAWAL_ALREADY_PROCESSED')) {
            toast(error.text, { variant: 'error' });
            setAction(null);
            void queryClient.invalidateQueries({ queryKey: adminWithdrawalKeys.root });
          }
        },
      },
    );

  const error = mutation.isError
    ? refusalText(
        mutation.error,
        'Failed to update withdrawal',
        'An error occurred while updating withdrawal',
      )
    : null;
  const dialog = { withdrawal: w, pending: mutation.isPending, error, onConfirm: submit };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review</CardTitle>
        <CardDescription>
          This request is pending. A decision is final: a processed request cannot be modified.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={() => open('approve')}>
          <CircleCheck className="size-4" aria-hidden="true" />
          Approve
        </Button>
        {review.canSend ? (
          <Button variant="secondary" onClick={() => open('send')}>
            <Send className="size-4" aria-hidden="true" />
            Approve and send
          </Button>
        ) : null}
        <Button variant="danger-outline" onClick={() => open('reject')}>
          <CircleX className="size-4" aria-hidden="true" />
          Reject
        </Button>
        <Button variant="outline" onClick={() => open('block')}>
          <Ban className="size-4" aria-hidden="true" />
          Block
        </Button>
      </CardContent>

      {action === 'approve' ? <ApproveDialog {...dialog} onClose={close} /> : null}
      {action === 'send' ? (
        <ReviewDialog
          title="Approve and Send"
          description={`This sends ${formatMoney(w.amount)} USDT from the hot wallet to ${w.walletAddress}.`}
          confirmLabel="Send"
          pendingLabel="Sending..."
          pending={mutation.isPending}
          error={error}
          onConfirm={() => submit({ status: 'APPROVED', send: true })}
          onClose={close}
        />
      ) : null}
      {action === 'reject' ? <ReasonDialog status="REJECTED" {...dialog} onClose={close} /> : null}
      {action === 'block' ? (
        <ReasonDialog status="BLOCKED_COMPLIANCE" {...dialog} onClose={close} />
      ) : null}
    </Card>
  );
}
