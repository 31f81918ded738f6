import type { Withdrawal } from '@ctn/contracts/withdrawals';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatUsdt, shortenAddress } from '@/lib/format';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { StepFooter } from './step-footer';

/** Why a cancel was refused, in the member's words (the catalogue's texts speak to admins). */
const REFUSED: Record<string, string> = {
  WITHDRAWAL_ALREADY_PROCESSED: 'This request was already decided, so it cannot be cancelled.',
  PAYOUT_IN_PROGRESS: 'This request is being paid out right now, so it cannot be cancelled.',
  PAYOUT_PENDING:
    'This request was paid on chain and is being confirmed, so it cannot be cancelled.',
  PAYOUT_CANCELLING:
    'Your cancellation is being confirmed on chain: the amount returns to your available balance within a few minutes.',
};
const CANCEL_FAILED = 'Failed to cancel the request';

function refusalText(error: unknown): string {
  if (isApiError(error) && REFUSED[error.code]) return REFUSED[error.code]!;
  return errorMessage(error, CANCEL_FAILED);
}

/**
 * "Cancel request" on a PENDING withdrawal (beyond the spec): asks once, then the held amount
 * returns to the available balance at once. A request decided meanwhile says so.
 */
export function CancelWithdrawalDialog({ withdrawal }: { withdrawal: Withdrawal }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelWithdrawal();
  const amount = formatUsdt(withdrawal.amount);

  const onConfirm = async () => {
    if (cancel.isPending) return;
    setError(null);
    try {
      await cancel.mutateAsync(withdrawal._id);
      toast('Withdrawal request cancelled', {
        description: `${amount} is back in your available balance.`,
      });
      setOpen(false);
    } catch (err) {
      setError(refusalText(err));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Cancel the request of ${amount}`}>
          Cancel request
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel this withdrawal request?"
        description={`${amount} to ${shortenAddress(withdrawal.walletAddress)} returns to your available balance at once. You can request a new withdrawal afterwards.`}
      >
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <StepFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
            Keep request
          </Button>
          <Button variant="danger" onClick={() => void onConfirm()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel request'}
          </Button>
        </StepFooter>
      </DialogContent>
    </Dialog>
  );
}
