import type { WithdrawalStatistics } from '@ctn/contracts/withdrawals';
import { Ban, CircleCheck, CircleX, Clock, Hash, Wallet } from 'lucide-react';
import { formatUsd } from '@/lib/format';
import { StatCard, StatGrid } from '@/components/ui/stat-card';

/**
 * The list statistics (admin section 2). 'Total Amount' is the approved plus the pending amount:
 * what has left, or is about to leave, the platform. `stats` is null until a first list has
 * arrived: skeletons while loading, a dash when loading failed.
 */
export function WithdrawalsStatistics({
  stats,
  loading,
}: {
  stats: WithdrawalStatistics | null;
  loading: boolean;
}) {
  const count = (value: number | undefined) => (stats ? value : '—');
  return (
    <StatGrid label="Withdrawal Statistics" className="lg:grid-cols-3">
      <StatCard
        label="Total Amount"
        value={stats ? formatUsd(stats.totalApprovedAmount + stats.totalPendingAmount) : '—'}
        icon={Wallet}
        loading={loading}
      />
      <StatCard label="Total Requests" value={count(stats?.total)} icon={Hash} loading={loading} />
      <StatCard
        label="Pending"
        value={count(stats?.pending)}
        hint={stats ? formatUsd(stats.totalPendingAmount) : null}
        icon={Clock}
        loading={loading}
      />
      <StatCard
        label="Approved"
        value={count(stats?.approved)}
        hint={stats ? formatUsd(stats.totalApprovedAmount) : null}
        icon={CircleCheck}
        loading={loading}
      />
      <StatCard label="Rejected" value={count(stats?.rejected)} icon={CircleX} loading={loading} />
      <StatCard label="Blocked" value={count(stats?.blocked)} icon={Ban} loading={loading} />
    </StatGrid>
  );
}
