import { RefreshButton } from '@/components/ui/refresh-button';
import type { RewardType } from '@ctn/contracts/constants';
import type {
  AdminRewardItem,
  AdminRewardStatistics,
  AdminRewardsResponse,
} from '@ctn/contracts/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import {
  adminRewardsKeys,
  useAdminRewards,
  type AdminRewardsParams,
} from '../api/get-admin-rewards';
import { ExportButton } from '@/components/export-button';
import { RewardDetailDialog } from '../components/rewards/reward-detail-dialog';
import { RewardsFilters } from '../components/rewards/rewards-filters';
import { RewardsStatistics } from '../components/rewards/rewards-statistics';
import { RewardsTable } from '../components/rewards/rewards-table';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** `?cycle=n` as a cycle number; anything else is no cycle filter. */
function parseCycle(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

/**
 * /admin/rewards: statistics, filters, the reward table and a detail dialog (admin section 2).
 * The cycle filter lives in the URL so a cycle's statement can link to its rewards.
 */
export function AdminRewardsPage() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const cycleInput = searchParams.get('cycle') ?? '';
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [type, setType] = useState<RewardType | null>(null);
  const [level, setLevel] = useState<number | null>(null);
  const search = useDebouncedValue(searchInput.trim());
  const cycle = useDebouncedValue(parseCycle(cycleInput));

  // Any new filter starts again at page 1.
  const filterKey = JSON.stringify([search, type, level, cycle]);
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (filterKey !== appliedFilters) {
    setAppliedFilters(filterKey);
    setPage(1);
  }

  const params: AdminRewardsParams = { page, search, type, level, cycle };
  const rewards = useAdminRewards(params);
  const data = rewards.data;

  // Statistics follow the list only without a search (admin section 4, "Searching"): a search
  // narrows the table, the cards keep describing the unsearched filters.
  const [statistics, setStatistics] = useState<AdminRewardStatistics | null>(null);
  const fresh = rewards.isPlaceholderData ? undefined : data;
  if (fresh && search === '' && fresh.statistics !== statistics) setStatistics(fresh.statistics);

  const [selected, setSelected] = useState<AdminRewardItem | null>(null);
  const refreshing = rewards.isFetching && !rewards.isPending;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminRewardsKeys.all });
    // An explicit refresh updates the statistics even while searching.
    const latest = queryClient.getQueryData<AdminRewardsResponse>(adminRewardsKeys.page(params));
    if (latest) setStatistics(latest.statistics);
  };

  const setCycleInput = (value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value.trim() === '') next.delete('cycle');
        else next.set('cycle', value.trim());
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <PageTitle title="Rewards" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Rewards</h1>
          <p className="text-fg-muted">Reward Distribution</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <ExportButton list="rewards" query={{ search, type, level, cycle, sort: '-createdAt' }} />
          <RefreshButton onClick={() => void refresh()} refreshing={refreshing} />
        </div>
      </header>

      <RewardsStatistics stats={statistics} loading={!statistics && rewards.isFetching} />

      <Card className="overflow-hidden">
        <div className="space-y-4 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold tracking-tight text-fg">All Rewards</h2>
          <RewardsFilters
            search={searchInput}
            onSearch={setSearchInput}
            type={type}
            onType={setType}
            level={level}
            onLevel={setLevel}
            cycle={cycleInput}
            onCycle={setCycleInput}
          />
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={rewards.isFetching}>
          {rewards.isPending ? (
            <TableSkeleton label="Loading rewards..." columns={8} />
          ) : rewards.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  rewards.error,
                  'Failed to fetch rewards',
                  'An error occurred while fetching rewards',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void rewards.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.rewards.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No rewards found</p>
          ) : data ? (
            <div
              className={rewards.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <RewardsTable rewards={data.rewards} onDetails={setSelected} />
            </div>
          ) : null}
        </div>
        {data && data.rewards.length > 0 ? (
          <SimplePagination
            label="Rewards pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrev}
            hasNext={data.pagination.hasNext}
            onPage={setPage}
            summary={`${data.pagination.totalRecords} ${data.pagination.totalRecords === 1 ? 'reward' : 'rewards'}`}
          />
        ) : null}
      </Card>

      <RewardDetailDialog reward={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
