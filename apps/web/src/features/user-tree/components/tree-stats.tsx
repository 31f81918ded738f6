import type { ReferralTreeStatistics } from '@ctn/contracts/referrals';
import { Coins, Layers, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsdt, countOf, UNKNOWN_FIGURE } from '@/lib/format';

interface StatCard {
  label: string;
  icon: LucideIcon;
  value: (s: ReferralTreeStatistics) => string;
  detail: (s: ReferralTreeStatistics, maxLevels: number) => string;
}

const CARDS: StatCard[] = [
  {
    label: 'Total Referrals',
    icon: Users,
    value: (s) => s.totalReferrals.toLocaleString('en-US'),
    detail: (s) => `${s.indirectReferrals.toLocaleString('en-US')} indirect`,
  },
  {
    label: 'Direct Referrals',
    icon: UserPlus,
    value: (s) => s.directReferrals.toLocaleString('en-US'),
    detail: () => 'Level 1',
  },
  {
    label: 'Max Depth',
    icon: Layers,
    value: (s) => String(s.maxDepthReached),
    detail: (_s, maxLevels) => `of ${countOf(maxLevels, 'level')} viewed`,
  },
  {
    label: 'Tree Earnings',
    icon: Coins,
    value: (s) => formatUsdt(s.totalEarningsFromTree),
    detail: (s) => `${formatUsdt(s.averageEarningsPerReferral)} per referral`,
  },
];

/**
 * The four stat cards of /user-tree: skeletons while loading; after a failed load the figures
 * read "—" (unknown is not zero), "Not loaded", beside the page's error and Try again: never
 * grey forever.
 */
export function TreeStats({
  statistics,
  maxLevels,
  failed,
}: {
  statistics: ReferralTreeStatistics | undefined;
  maxLevels: number;
  /** The load failed and nothing is shown yet. */
  failed: boolean;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ label, icon: Icon, value, detail }) => (
        <Card key={label} className="p-4 sm:p-5">
          <dt className="flex items-center justify-between gap-2 text-xs font-medium text-fg-muted sm:text-sm">
            {label}
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          </dt>
          <dd className="mt-1">
            {statistics ? (
              <>
                <span className="block text-2xl font-bold text-fg tabular-nums">
                  {value(statistics)}
                </span>
                <span className="block text-xs text-fg-subtle">
                  {detail(statistics, maxLevels)}
                </span>
              </>
            ) : failed ? (
              <>
                <span className="block text-2xl font-bold text-fg-muted">{UNKNOWN_FIGURE}</span>
                <span className="block text-xs text-fg-subtle">Not loaded</span>
              </>
            ) : (
              <Skeleton className="mt-1 h-8 w-16" />
            )}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
