import { useState, type ReactNode } from 'react';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { WithdrawalFlow } from './withdrawal-flow';

/**
 * Request Withdrawal (member sections 2 and 4): the amount and address, then the emailed code.
 * `children` is the button that opens it; being the dialog's trigger, it gets the focus back when
 * the dialog closes.
 *
 * The flow is mounted only while the dialog is open, so Cancel, the close button, Escape and a
 * successful request all start the next opening from empty fields without a reset to forget.
 */
export function WithdrawalDialog({
  children,
  balance,
  minimumWithdrawal,
}: {
  children: ReactNode;
  balance: number;
  minimumWithdrawal: number;
}) {
  const [open, setOpen] = useState(false);
  // While the code is checked and the request created, closing would hide the outcome.
  const [locked, setLocked] = useState(false);

  const close = () => {
    setLocked(false);
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setOpen(true);
        else if (!locked) close();
      }}
    >
      <DialogTrigger asChild>{children}</DialogTrigger>
      {open ? (
        <WithdrawalFlow
          balance={balance}
          minimum={minimumWithdrawal}
          onLock={setLocked}
          onCancel={close}
          onSubmitted={close}
        />
      ) : null}
    </Dialog>
  );
}
