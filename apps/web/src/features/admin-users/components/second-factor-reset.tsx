import { TWO_FACTOR_RESET_CHECKS, type TwoFactorResetCheck } from '@ctn/contracts/security';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ReviewDialog } from '@/components/admin/review-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toast';
import { refusalText } from '@/lib/refusal-text';
import { useResetSecondFactor } from '../api/reset-second-factor';

export const SECOND_FACTOR_RESET_TEXT = {
  open: 'Reset second factor…',
  title: 'Reset the second factor',
  description:
    'For a member who lost their authenticator app and recovery codes. Tick every check you made with the member; the reset is refused without all of them.',
  checks: 'Checks you made with the member',
  consequences:
    'Their authenticator and recovery codes stop working, every session of the member ends, withdrawals are frozen for 24 hours, and the member is mailed about the reset. The reset and your checks are recorded in the audit log.',
  confirm: 'Reset second factor',
  pending: 'Resetting...',
  done: 'Second factor reset',
  doneDetail: 'Sessions ended and withdrawals are frozen for 24 hours; the member was mailed.',
  failed: 'The second factor could not be reset.',
} as const;

/**
 * The admin user detail's reset of a member's lost second factor (decision 039): a button while
 * the factor is on, and a dialog that asks for every identity check before it calls the server.
 */
export function SecondFactorReset({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        <KeyRound className="size-4" aria-hidden="true" />
        {SECOND_FACTOR_RESET_TEXT.open}
      </Button>
      {open ? (
        <SecondFactorResetDialog userId={userId} name={name} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function SecondFactorResetDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const reset = useResetSecondFactor(userId);
  const [ticked, setTicked] = useState<ReadonlySet<TwoFactorResetCheck>>(new Set());
  const allTicked = TWO_FACTOR_RESET_CHECKS.every((check) => ticked.has(check.id));
  const toggle = (id: TwoFactorResetCheck, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ReviewDialog
      title={`${SECOND_FACTOR_RESET_TEXT.title} of ${name}`}
      description={SECOND_FACTOR_RESET_TEXT.description}
      confirmLabel={SECOND_FACTOR_RESET_TEXT.confirm}
      pendingLabel={SECOND_FACTOR_RESET_TEXT.pending}
      variant="danger"
      pending={reset.isPending}
      confirmDisabled={!allTicked}
      error={reset.isError ? refusalText(reset.error, SECOND_FACTOR_RESET_TEXT.failed) : null}
      onConfirm={() =>
        reset.mutate(
          TWO_FACTOR_RESET_CHECKS.map((check) => check.id),
          {
            onSuccess: () => {
              toast(SECOND_FACTOR_RESET_TEXT.done, {
                description: SECOND_FACTOR_RESET_TEXT.doneDetail,
              });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <Alert variant="warning">{SECOND_FACTOR_RESET_TEXT.consequences}</Alert>
      <fieldset className="space-y-3" disabled={reset.isPending}>
        <legend className="mb-3 text-sm font-medium text-fg">
          {SECOND_FACTOR_RESET_TEXT.checks}
        </legend>
        {TWO_FACTOR_RESET_CHECKS.map((check) => (
          <Checkbox
            key={check.id}
            id={`second-factor-reset-${check.id}`}
            label={check.label}
            checked={ticked.has(check.id)}
            onChange={(e) => toggle(check.id, e.target.checked)}
          />
        ))}
      </fieldset>
    </ReviewDialog>
  );
}
