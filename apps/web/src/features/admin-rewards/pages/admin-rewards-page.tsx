import { RefreshButton } from '@/components/ui/refresh-button';
import { REFERRAL_LEVELS, REWARD_TYPES } from '@ctn/contracts/constants';
import type {
  AdminRewardItem,
  AdminRewardStatistics,
  AdminRewardsResponse,
} from '@ctn/contracts/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import {
  adminRewardsKeys,
  useAdminRewards,
  type AdminRewardsParams,
} from '../api/get-admin-rewards';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { RewardDetailDialog } from '../components/reward-detail-dialog';
import { RewardsFilters } from '../components/rewards-filters';
import { RewardsStatistics } from '../components/rewards-statistics';
import { RewardsTable } from '../components/rewards-table';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { oneOf, useListFilters } from '@/lib/use-list-filters';

/** `?cycle=n`, `?level=n`: a whole number from 1 (up to `max`); anything else filters nothing. */
function wholeNumber(raw: string, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

const FILTERS = { keys: ['search', 'type', 'level', 'cycle'], typed: ['search', 'cycle'] } as const;

/**
 * /admin/rewards: statistics, filters, the reward table and a detail dialog (admin section 2).
 * The filters live in the URL, so a cycle's statement can link to its rewards.
 */
export function AdminRewardsPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters(FILTERS);
  const { search } = filters.values;
  const type = oneOf(REWARD_TYPES, filters.values.type);
  const level = wholeNumber(filters.values.level, REFERRAL_LEVELS);
  const cycle = wholeNumber(filters.values.cycle);

  const params: AdminRewardsParams = { page: filters.page, search, type, level, cycle };
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

      <ListCard
        title="All Rewards"
        filters={<RewardsFilters filters={filters} type={type} level={level} />}
        query={rewards}
        loading={<TableSkeleton label="Loading rewards..." columns={8} />}
        failedText="Failed to fetch rewards"
        exceptionText="An error occurred while fetching rewards"
        isEmpty={(data) => data.rewards.length === 0}
        emptyText="No rewards found"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Rewards pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalRecords, 'reward')}
          />
        )}
      >
        {(data) => <RewardsTable rewards={data.rewards} onDetails={setSelected} />}
      </ListCard>

      <RewardDetailDialog reward={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
