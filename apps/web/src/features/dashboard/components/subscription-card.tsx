import {
  isSubscriptionPaid,
  subscriptionPaidAt,
  type SubscriptionFee,
} from '@ctn/contracts/subscription-fee';
import { CreditCard } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/** Active with its activation date once the fee is paid, otherwise Pending Payment. */
export function SubscriptionCard({ fee }: { fee: SubscriptionFee }) {
  const paidAt = subscriptionPaidAt(fee);
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
        <div className="space-y-1.5">
          <Badge variant="success">Active</Badge>
          {paidAt ? (
            <p className="text-sm text-fg-muted">Activated on {formatDate(paidAt)}</p>
          ) : null}
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
