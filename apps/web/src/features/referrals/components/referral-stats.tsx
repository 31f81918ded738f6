import type { ReferralHistoryStatistics } from '@ctn/contracts/referrals';
import { CircleCheck, Link2, Users, Wallet, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const STATS: { key: keyof ReferralHistoryStatistics; label: string; icon: LucideIcon }[] = [
  { key: 'totalReferrals', label: 'Total Referrals', icon: Users },
  { key: 'activeReferrals', label: 'Active Users', icon: CircleCheck },
  { key: 'bingxLinked', label: 'BingX Linked', icon: Link2 },
  { key: 'paidSubscriptions', label: 'Paid Subscriptions', icon: Wallet },
];

export interface ReferralStatsProps {
  statistics: ReferralHistoryStatistics | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
}

/** Referral Statistics: four figures, skeletons while loading, 'Failed to load statistics'. */
export function ReferralStats({ statistics, status, onRetry }: ReferralStatsProps) {
  return (
    <section aria-labelledby="referral-stats-title" className="space-y-3">
      <h2 id="referral-stats-title" className="text-lg font-semibold text-fg">
        Referral Statistics
      </h2>
      {status === 'error' && !statistics ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-5" role="alert">
          <p className="text-sm font-medium text-danger">Failed to load statistics</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </Card>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {STATS.map(({ key, label, icon: Icon }) => (
            <Card key={key} className="p-4 sm:p-5">
              <dt className="flex items-center justify-between gap-2 text-xs font-medium text-fg-muted sm:text-sm">
                {label}
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
              </dt>
              <dd className="mt-1 text-2xl font-bold text-fg tabular-nums">
                {statistics ? (
                  statistics[key].toLocaleString('en-US')
                ) : (
                  <Skeleton className="mt-1 h-7 w-12" />
                )}
              </dd>
            </Card>
          ))}
        </dl>
      )}
    </section>
  );
}
