import { RefreshButton } from '@/components/ui/refresh-button';
import type { RewardStats } from '@ctn/contracts/rewards';
import { ArrowDownToLine, ArrowUpRight, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { BalanceEquation } from '@/components/money/balance-equation';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { withdrawReadiness } from '@/lib/withdraw-readiness';
import { ComplianceChip } from './compliance-chip';
import { MoneyCard } from './money-card';

export interface BalanceOverviewProps {
  stats: RewardStats | undefined;
  loading: boolean;
  refreshing: boolean;
  /** The text of a failed load, shown above the cards. */
  error: string | null;
  onRefresh: () => void;
}

/**
 * Balance Overview: available, earned and withdrawn, with refresh and the load error, then how
 * every earned USDT adds up (pending and locked included). Beside them, the compliance state and
 * the two things a member does with money here: withdraw it and invite to earn more. Whether
 * the available balance is ready to withdraw follows the same rules as the withdrawal button.
 */
export function BalanceOverview({
  stats,
  loading,
  refreshing,
  error,
  onRefresh,
}: BalanceOverviewProps) {
  return (
    <section aria-labelledby="balance-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="balance-title" className="text-lg font-semibold text-fg">
            Balance Overview
          </h2>
          {stats ? <ComplianceChip compliance={stats.compliance} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.rewards} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
            <ArrowUpRight className="size-4" aria-hidden="true" />
            Withdraw
          </Link>
          <Link to={paths.referrals} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <UserPlus className="size-4" aria-hidden="true" />
            Invite
          </Link>
          <RefreshButton
            onClick={onRefresh}
            refreshing={refreshing}
            label="Refresh balance"
            size="sm"
          />
        </div>
      </div>
      {error ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-4" role="alert">
          <p className="text-sm font-medium text-danger">{error}</p>
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
            Retry
          </Button>
        </Card>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <MoneyCard
          label="Available Balance"
          hint={loading ? 'Checking…' : withdrawReadiness(stats).hint}
          value={stats?.currentBalance}
          loading={loading}
          icon={Wallet}
          emphasis
        />
        <MoneyCard
          label="Total Earned"
          hint="Lifetime earnings"
          value={stats?.totalRewards}
          loading={loading}
          icon={TrendingUp}
        />
        <MoneyCard
          label="Total Withdrawn"
          hint="Successfully withdrawn"
          value={stats?.totalWithdrawn}
          loading={loading}
          icon={ArrowDownToLine}
        />
      </dl>
      {stats ? <BalanceEquation stats={stats} /> : null}
    </section>
  );
}
