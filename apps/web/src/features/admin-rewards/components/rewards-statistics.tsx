import type { AdminRewardStatistics } from '@ctn/contracts/rewards';
import { ArrowDown, ArrowUp, Coins, Gift, Hash, Network, Sigma, UserPlus } from 'lucide-react';
import { formatUsd, countOf } from '@/lib/format';
import { StatCard, StatGrid } from '@/components/ui/stat-card';

const count = (n: number) => countOf(n, 'reward');

/**
 * The list statistics (admin section 3, "Reward (admin)"). `stats` is null until a first list
 * has arrived: skeletons while loading, a dash when loading failed.
 */
export function RewardsStatistics({
  stats,
  loading,
}: {
  stats: AdminRewardStatistics | null;
  loading: boolean;
}) {
  const usd = (value: number | undefined) => (stats ? formatUsd(value) : '—');
  return (
    <StatGrid label="Reward Statistics">
      <StatCard
        label="Total Rewards Distributed"
        value={usd(stats?.totalRewardsDistributed)}
        icon={Gift}
        loading={loading}
      />
      <StatCard
        label="Rewards Count"
        value={stats ? stats.total : '—'}
        icon={Hash}
        loading={loading}
      />
      <StatCard
        label="Direct Rewards"
        value={usd(stats?.totalDirectRewards)}
        hint={stats ? count(stats.directRewardsCount) : null}
        icon={UserPlus}
        loading={loading}
      />
      <StatCard
        label="Downline Rewards"
        value={usd(stats?.totalDownlineRewards)}
        hint={stats ? count(stats.downlineRewardsCount) : null}
        icon={Network}
        loading={loading}
      />
      <StatCard
        label="Total Master Amount"
        value={usd(stats?.totalMasterAmount)}
        icon={Coins}
        loading={loading}
      />
      <StatCard
        label="Average Reward"
        value={usd(stats?.averageRewardAmount)}
        icon={Sigma}
        loading={loading}
      />
      <StatCard
        label="Max Reward"
        value={usd(stats?.maxRewardAmount)}
        icon={ArrowUp}
        loading={loading}
      />
      <StatCard
        label="Min Reward"
        value={usd(stats?.minRewardAmount)}
        icon={ArrowDown}
        loading={loading}
      />
    </StatGrid>
  );
}
