import type { AdminWithdrawal, ReviewWithdrawalRequest } from '@ctn/contracts/withdrawals';
import { SearchCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { useCheckWithdrawalTransaction } from '../api/check-withdrawal-transaction';
import { refusalText } from '@/lib/refusal-text';
import { checkReview } from '../lib/review-form';
import { ChainCheckResult } from './chain-check-result';
import { ReviewDialog } from '@/components/admin/review-dialog';

/**
 * Approve, recording the hash of a transfer made elsewhere (optional). 'Check on chain' asks the
 * server what the chain says of that hash against this request before the admin confirms.
 * `addHash`: the request was approved without a hash; the hash is now required, no reason asked.
 */
export function ApproveDialog({
  withdrawal,
  pending,
  error,
  onConfirm,
  onClose,
  addHash = false,
}: {
  withdrawal: AdminWithdrawal;
  pending: boolean;
  error: string | null;
  onConfirm: (body: ReviewWithdrawalRequest) => void;
  onClose: () => void;
  addHash?: boolean;
}) {
  const [hash, setHash] = useState('');
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = useCheckWithdrawalTransaction();
  const review = checkReview({ status: 'APPROVED', transactionHash: hash, reason });
  const missingHash = addHash && hash.trim() === '' ? 'Enter the transaction hash' : undefined;
  const hashError = attempted ? (review.errors.transactionHash ?? missingHash) : undefined;

  const editHash = (value: string) => {
    setHash(value);
    // A result describes the hash it was asked for, not the one now typed.
    check.reset();
  };

  const runCheck = () => {
    setAttempted(true);
    if (review.ok && review.body.transactionHash) {
      check.mutate({ id: withdrawal._id, transactionHash: review.body.transactionHash });
    }
  };

  const confirm = () => {
    setAttempted(true);
    if (review.ok && !missingHash) onConfirm(review.body);
  };

  return (
    <ReviewDialog
      title={addHash ? 'Add Transaction Hash' : 'Approve Withdrawal'}
      description={
        addHash
          ? `Record the hash of the transfer of ${formatMoney(withdrawal.amount)} USDT to ${withdrawal.walletAddress}. The member sees it with the request.`
          : `Approve the withdrawal of ${formatMoney(withdrawal.amount)} USDT to ${withdrawal.walletAddress}. Record the hash of the transfer you made, if you have it.`
      }
      confirmLabel={addHash ? 'Save hash' : 'Approve'}
      pendingLabel={addHash ? 'Saving...' : 'Approving...'}
      pending={pending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Field
        id="approve-transaction-hash"
        label={addHash ? 'Transaction hash' : 'Transaction hash (optional)'}
        error={hashError}
        hint="0x followed by 64 hexadecimal digits."
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              value={hash}
              onChange={(e) => editHash(e.target.value)}
              placeholder="0x..."
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-sm"
            />
            <Button
              variant="outline"
              className="h-11"
              onClick={runCheck}
              disabled={hash.trim() === '' || pending}
              loading={check.isPending}
              loadingText="Checking..."
            >
              <SearchCheck className="size-4" aria-hidden="true" />
              Check on chain
            </Button>
          </div>
        )}
      </Field>
      {check.data ? (
        <section aria-label="On-chain check" className="rounded-lg border border-border p-3">
          <ChainCheckResult check={check.data} />
        </section>
      ) : null}
      {check.isError ? (
        <Alert variant="error">
          {refusalText(
            check.error,
            'Failed to check the transaction',
            'An error occurred while checking the transaction',
          )}
        </Alert>
      ) : null}
      {addHash ? null : (
        <Field id="approve-reason" label="Reason (optional)">
          {(control) => (
            <Input
              {...control}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
      )}
    </ReviewDialog>
  );
}
