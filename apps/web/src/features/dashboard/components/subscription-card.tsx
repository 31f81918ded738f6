import {
  isSubscriptionPaid,
  subscriptionPaidAt,
  type SubscriptionFee,
} from '@ctn/contracts/subscription-fee';
import { CreditCard, RefreshCw } from 'lucide-react';
import { lazy, useState } from 'react';
import { LazyDialog } from '@/components/lazy-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate, countOf } from '@/lib/format';
import { DAY_MS } from '@ctn/contracts/time';

const RenewDialog = lazy(() => import('./renew-dialog'));

/** "Paid until Apr 4, 2025 · 9 days left", or "Expired on ..." once the date has passed. */
export function paidUntilText(paidUntil: string, now: number): string {
  const left = Math.ceil((Date.parse(paidUntil) - now) / DAY_MS);
  if (left <= 0) return `Expired on ${formatDate(paidUntil)}`;
  return `Paid until ${formatDate(paidUntil)} · ${countOf(left, 'day')} left`;
}

/**
 * Active with its activation date once the fee is paid, otherwise Pending Payment (member
 * section 2); beyond the spec, until when it is paid, how long is left, and Renew.
 */
export function SubscriptionCard({
  fee,
  paidUntil,
}: {
  fee: SubscriptionFee;
  /** From the reward stats; undefined until they load. */
  paidUntil: string | null | undefined;
}) {
  const paidAt = subscriptionPaidAt(fee);
  // The page's moment: the card shows days, so it need not tick.
  const [now] = useState(() => Date.now());
  const expired = paidUntil ? Date.parse(paidUntil) <= now : false;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" role="region" aria-labelledby="sub-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="sub-title" className="text-lg font-semibold tracking-tight text-fg">
          Subscription
        </h2>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
      </div>
      {isSubscriptionPaid(fee) ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-1.5">
            <Badge variant={expired ? 'danger' : 'success'}>{expired ? 'Expired' : 'Active'}</Badge>
            {paidAt ? (
              <p className="text-sm text-fg-muted">Activated on {formatDate(paidAt)}</p>
            ) : null}
            {paidUntil ? (
              <p className="text-sm font-medium text-fg" data-testid="paid-until">
                {paidUntilText(paidUntil, now)}
              </p>
            ) : null}
          </div>
          <LazyDialog
            dialog={(props) => <RenewDialog {...props} />}
            trigger={(props) => (
              <Button variant="outline" size="sm" {...props}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Renew
              </Button>
            )}
          />
        </div>
      ) : (
        <div className="space-y-1.5">
          <Badge variant="warning">Pending Payment</Badge>
          <p className="text-sm text-fg-muted">Your subscription starts once the fee arrives.</p>
        </div>
      )}
    </Card>
  );
}
