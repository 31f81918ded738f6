import type { Subscription } from '@ctn/contracts/onboarding';
import { DepositAddress } from '@/components/deposit-address';
import type { LazyDialogProps } from '@/components/lazy-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatExactUsdt } from '@/lib/format';
import { useSubscription } from '@/lib/subscription';

/**
 * Renew: the fee, what is due, and where to send it, read when the dialog opens. A payment to
 * the deposit address extends the subscription by a period per full fee; the watcher credits it
 * by itself, so there is nothing to confirm here. Loaded on the press of Renew (LazyDialog).
 */
export default function RenewDialog({ onOpenChange }: LazyDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Renew your subscription"
        description="Each full fee sent to your deposit address adds a period to your membership, counted from the end of the paid one."
        className="sm:max-w-2xl!"
      >
        <RenewDetails />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What the next period still needs: the amount due while unpaid, else a fee less what is
 * already credited toward the next period (a paid-up member owes nothing "due" yet).
 */
export function renewalDue(s: Pick<Subscription, 'amountDueUsdt' | 'feeUsdt' | 'creditUsdt'>) {
  if (s.amountDueUsdt > 0) return s.amountDueUsdt;
  return Math.max(0, Math.round((s.feeUsdt - s.creditUsdt) * 1e6) / 1e6);
}

function RenewDetails() {
  const subscription = useSubscription();
  if (subscription.isPending) return <Skeleton className="h-48 w-full" />;
  if (subscription.isError)
    return (
      <div className="space-y-3">
        <Alert variant="error">
          {errorMessage(subscription.error, 'Failed to load your payment details')}
        </Alert>
        <Button variant="outline" onClick={() => void subscription.refetch()}>
          Try again
        </Button>
      </div>
    );
  const s = subscription.data;
  return (
    <div className="space-y-5">
      <p className="text-sm text-fg">
        Send <strong>{formatExactUsdt(renewalDue(s))}</strong> to add {s.periodDays} days
        {s.creditUsdt > 0 ? ` (${formatExactUsdt(s.creditUsdt)} already credited toward it)` : ''}.
        Payments are credited automatically once confirmed on the chain.
      </p>
      <DepositAddress subscription={s} />
    </div>
  );
}
