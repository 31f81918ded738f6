import { RefreshButton } from '@/components/ui/refresh-button';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BalanceEquation } from '@/components/money/balance-equation';
import { ComplianceBanner } from '@/components/money/compliance-banner';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { rewardStatsKeys, USER_NOT_FOUND, useRewardStats } from '@/lib/reward-stats';
import { useAuthenticatedUser } from '@/lib/session';
import { memberRewardsKeys } from '../api/get-member-rewards';
import { withdrawalsKeys } from '../api/get-withdrawals';
import { BalanceCard } from '../components/balance-card';
import { EarningsBreakdown } from '../components/earnings-breakdown';
import { DEFAULT_REWARDS_FILTERS, type RewardsFilters } from '../components/rewards-filters';
import { RewardsHistory } from '../components/rewards-history';
import { WithdrawalHistory } from '../components/withdrawal-history';

const STATS_FAILED = 'Failed to load reward stats';
const KEYS = [rewardStatsKeys.all, memberRewardsKeys.all, withdrawalsKeys.all];

/** /rewards ('Rewards & Earnings'): balance, breakdown, withdrawals and rewards (member section 2). */
export function RewardsPage() {
  const user = useAuthenticatedUser();
  const queryClient = useQueryClient();
  const stats = useRewardStats(user.userId);
  const [filters, setFilters] = useState<RewardsFilters>(DEFAULT_REWARDS_FILTERS);
  const [page, setPage] = useState(1);
  const fetchingStats = useIsFetching({ queryKey: rewardStatsKeys.all });
  const fetchingRewards = useIsFetching({ queryKey: memberRewardsKeys.all });
  const fetchingWithdrawals = useIsFetching({ queryKey: withdrawalsKeys.all });
  const refreshing = fetchingStats + fetchingRewards + fetchingWithdrawals > 0;

  const hasUserId = user.userId.trim() !== '';
  const loading = hasUserId && stats.isPending;
  const error = !hasUserId
    ? USER_NOT_FOUND
    : stats.isError
      ? errorMessage(stats.error, STATS_FAILED)
      : null;
  const refresh = () => {
    for (const queryKey of KEYS) void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle title="Rewards & Earnings" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            Rewards &amp; Earnings
          </h1>
          <p className="text-fg-muted">Your Earnings</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      {error ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-4" role="alert">
          <p className="text-sm font-medium text-danger">{error}</p>
          {hasUserId ? (
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
              Retry
            </Button>
          ) : null}
        </Card>
      ) : null}

      {stats.data ? <ComplianceBanner stats={stats.data} /> : null}
      <BalanceCard stats={stats.data} loading={loading} />
      <EarningsBreakdown stats={stats.data} loading={loading} />
      {stats.data ? <BalanceEquation stats={stats.data} /> : null}

      <Tabs defaultValue="withdrawals">
        <TabsList aria-label="History">
          <TabsTrigger value="withdrawals">Withdrawal History</TabsTrigger>
          <TabsTrigger value="rewards">Rewards History</TabsTrigger>
        </TabsList>
        <TabsContent value="withdrawals">
          <WithdrawalHistory />
        </TabsContent>
        <TabsContent value="rewards">
          <RewardsHistory
            filters={filters}
            page={page}
            onFilters={(next) => {
              setFilters(next);
              setPage(1);
            }}
            onPage={setPage}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
