import type { WithdrawalReview } from '@ctn/contracts/withdrawals';
import { Hash } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import { refusalText } from '@/lib/refusal-text';
import { ApproveDialog } from './approve-dialog';

/** An APPROVED request without the hash of its payment: the hash can be recorded later, once. */
export function AddHashAction({ review }: { review: WithdrawalReview }) {
  const w = review.withdrawal;
  const mutation = useReviewWithdrawal();
  const [open, setOpen] = useState(false);
  const error = mutation.isError
    ? refusalText(
        mutation.error,
        'Failed to save the transaction hash',
        'An error occurred while saving the transaction hash',
      )
    : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Hash Missing</CardTitle>
        <CardDescription>
          This request was approved without the hash of its payment. Record it once the transfer is
          known; nothing else about the request changes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          onClick={() => {
            mutation.reset();
            setOpen(true);
          }}
        >
          <Hash className="size-4" aria-hidden="true" />
          Add transaction hash
        </Button>
      </CardContent>
      {open ? (
        <ApproveDialog
          addHash
          withdrawal={w}
          pending={mutation.isPending}
          error={error}
          onConfirm={(body) =>
            mutation.mutate(
              { id: w._id, body },
              {
                onSuccess: () => {
                  toast('Transaction hash saved');
                  setOpen(false);
                },
              },
            )
          }
          onClose={() => {
            if (!mutation.isPending) setOpen(false);
          }}
        />
      ) : null}
    </Card>
  );
}
