import type { RewardStats } from '@ctn/contracts/rewards';
import { ArrowDownToLine, TrendingUp, UserPlus, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatKnownUsdt } from '@/lib/format';

const FIGURES: { label: string; icon: LucideIcon; value: (s: RewardStats) => number }[] = [
  { label: 'Total Earned', icon: TrendingUp, value: (s) => s.totalRewards },
  { label: 'Total Withdrawn', icon: ArrowDownToLine, value: (s) => s.totalWithdrawn },
  { label: 'Direct Rewards', icon: UserPlus, value: (s) => s.rewardBreakdown.directRewards },
];

/** Earnings Breakdown: total earned, total withdrawn and direct rewards. */
export function EarningsBreakdown({
  stats,
  loading,
}: {
  stats: RewardStats | undefined;
  loading: boolean;
}) {
  return (
    <section aria-labelledby="breakdown-title" className="space-y-3">
      <h2 id="breakdown-title" className="text-lg font-semibold text-fg">
        Earnings Breakdown
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {FIGURES.map(({ label, icon: Icon, value }) => (
          <Card key={label} className="p-4 sm:p-5">
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-fg-muted">
              {label}
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
                <Icon className="size-4" aria-hidden="true" />
              </span>
            </dt>
            <dd className="mt-1 text-xl font-bold text-fg tabular-nums sm:text-2xl">
              {loading ? (
                <Skeleton className="mt-1 h-7 w-28" />
              ) : (
                formatKnownUsdt(stats ? value(stats) : undefined)
              )}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
