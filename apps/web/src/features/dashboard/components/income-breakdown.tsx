import type { RewardStats } from '@ctn/contracts/rewards';
import { Network, Sigma, UserPlus } from 'lucide-react';
import { MoneyCard } from './money-card';

/** Income Breakdown: the calculated total, then direct referrals and downline income. */
export function IncomeBreakdown({
  breakdown,
  loading,
}: {
  breakdown: RewardStats['rewardBreakdown'] | undefined;
  loading: boolean;
}) {
  return (
    <section aria-labelledby="income-title" className="space-y-3">
      <h2 id="income-title" className="text-lg font-semibold text-fg">
        Income Breakdown
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <MoneyCard
          label="Total Income"
          hint="Direct and downline together"
          value={breakdown?.calculatedTotal}
          loading={loading}
          icon={Sigma}
        />
        <MoneyCard
          label="Direct Referrals"
          hint="From your referrals"
          value={breakdown?.directRewards}
          loading={loading}
          icon={UserPlus}
        />
        <MoneyCard
          label="Downline Income"
          hint="From team earnings"
          value={breakdown?.downlineRewards}
          loading={loading}
          icon={Network}
        />
      </dl>
    </section>
  );
}
