import type { AdminWithdrawal, ReviewWithdrawalRequest } from '@ctn/contracts/withdrawals';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatMoney, fullName } from '@/lib/format';
import { checkReview } from '../lib/review-form';
import { ReviewDialog } from '@/components/admin/review-dialog';

const RETURNS = "The amount returns to the member's available balance.";

const KINDS = {
  REJECTED: {
    title: 'Reject Withdrawal',
    action: 'Reject',
    pendingLabel: 'Rejecting...',
    label: 'Reason',
    why: '',
  },
  BLOCKED_COMPLIANCE: {
    title: 'Block Withdrawal',
    action: 'Block',
    pendingLabel: 'Blocking...',
    label: 'Reason (optional)',
    why: ' for compliance',
  },
} as const;

/** Reject (a reason is required) or block for compliance (BLOCKED_COMPLIANCE), with a reason. */
export function ReasonDialog({
  status,
  withdrawal,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  status: keyof typeof KINDS;
  withdrawal: AdminWithdrawal;
  pending: boolean;
  error: string | null;
  onConfirm: (body: ReviewWithdrawalRequest) => void;
  onClose: () => void;
}) {
  const kind = KINDS[status];
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const review = checkReview({ status, reason });

  const confirm = () => {
    setAttempted(true);
    if (review.ok) onConfirm(review.body);
  };

  return (
    <ReviewDialog
      title={kind.title}
      description={`${kind.action} the withdrawal of ${formatMoney(withdrawal.amount)} USDT by ${fullName(withdrawal.user)}${kind.why}. ${RETURNS}`}
      confirmLabel={kind.action}
      pendingLabel={kind.pendingLabel}
      variant="danger"
      pending={pending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Field
        id={`review-reason-${status}`}
        label={kind.label}
        error={attempted ? review.errors.reason : undefined}
        hint="The member sees this reason with the request."
      >
        {(control) => (
          <Input
            {...control}
            value={reason}
            maxLength={500}
            required={status === 'REJECTED'}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
    </ReviewDialog>
  );
}
