import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/**
 * A stand-in until the withdrawals issue brings the real dialog (amount, wallet, OTP): it keeps
 * this file's name and props, so only this file changes then. `children` is the button that
 * opens it; being the dialog's trigger, it gets the focus back when the dialog closes.
 */
export function WithdrawalDialog({ children }: { children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent
        title="Request Withdrawal"
        description="Withdrawal requests open with the next release. Your balance stays available."
        hideClose
        footer={
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        }
      />
    </Dialog>
  );
}
