import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useLiftWithdrawalFreeze, useWithdrawalFreeze } from '../api/withdrawal-freeze';

export const FREEZE_NOTICE_TEXT = {
  frozen:
    'The member froze this account from a mail link ("Not me? Freeze my account"): withdrawals are refused and pending requests cannot be approved. Speak with the member, not through this account, before you lift it.',
  confirm: 'Lift the freeze? Withdrawals work again at once. This is recorded in the audit log.',
  lifted: 'The freeze is lifted: the member can withdraw again.',
  loadFailed: 'Could not read whether withdrawals are frozen.',
  liftFailed: 'The freeze could not be lifted.',
} as const;

/** The owner's freeze on the member's page, and its lift (decision 040); nothing when none. */
export function WithdrawalFreezeNotice({ userId }: { userId: string }) {
  const freeze = useWithdrawalFreeze(userId);
  const lift = useLiftWithdrawalFreeze(userId);
  const [confirming, setConfirming] = useState(false);

  if (freeze.isError)
    return (
      <Alert variant="error">{errorMessage(freeze.error, FREEZE_NOTICE_TEXT.loadFailed)}</Alert>
    );
  if (lift.isSuccess) return <Alert variant="success">{FREEZE_NOTICE_TEXT.lifted}</Alert>;
  if (!freeze.data?.frozenByOwner) return null;

  return (
    <section
      aria-label="Withdrawals frozen by the owner"
      className="space-y-3 rounded-xl border border-red-500/30 bg-danger-soft p-4"
    >
      <p className="flex items-start gap-2 text-sm text-fg">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        {FREEZE_NOTICE_TEXT.frozen}
      </p>
      {lift.isError ? (
        <Alert variant="error">{errorMessage(lift.error, FREEZE_NOTICE_TEXT.liftFailed)}</Alert>
      ) : null}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-fg">{FREEZE_NOTICE_TEXT.confirm}</p>
          <Button
            variant="danger"
            loading={lift.isPending}
            loadingText="Lifting..."
            onClick={() => lift.mutate()}
          >
            Lift the freeze
          </Button>
          <Button variant="outline" disabled={lift.isPending} onClick={() => setConfirming(false)}>
            Keep it frozen
          </Button>
        </div>
      ) : (
        <Button variant="danger-outline" onClick={() => setConfirming(true)}>
          Lift the freeze…
        </Button>
      )}
    </section>
  );
}
