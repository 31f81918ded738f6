import { Gift } from 'lucide-react';
import { ExportButton } from '@/components/export-button';
import { cn } from '@/lib/cn';
import { useMemberRewards } from '../api/get-member-rewards';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { RewardsFiltersBar, type RewardsFilters } from './rewards-filters';
import { RewardsPagination } from './rewards-pagination';
import { RewardsTable } from './rewards-table';

const LOAD_FAILED = 'Failed to load rewards history';

export interface RewardsHistoryProps {
  filters: RewardsFilters;
  page: number;
  /** A new filter starts again at page 1. */
  onFilters: (next: RewardsFilters) => void;
  onPage: (page: number) => void;
}

/**
 * The Rewards History tab. Its filters and page live in the page, so that they survive a
 * switch to the other tab and back.
 */
export function RewardsHistory({ filters, page, onFilters, onPage }: RewardsHistoryProps) {
  const rewards = useMemberRewards({ ...filters, page });
  const data = rewards.data;
  const filtered = filters.type !== undefined || filters.level !== undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RewardsFiltersBar value={filters} onChange={onFilters} />
        {/* The lines under the same filters, every page of them. */}
        <ExportButton
          list="my-rewards"
          query={{ type: filters.type, level: filters.level, sort: filters.sort }}
        />
      </div>
      {data === undefined ? (
        rewards.isError ? (
          <ListError
            message={LOAD_FAILED}
            onRetry={() => void rewards.refetch()}
            retrying={rewards.isFetching}
          />
        ) : (
          <ListSkeleton label="Loading rewards history" />
        )
      ) : data.rewards.length === 0 ? (
        <ListEmpty icon={Gift} title="No rewards yet">
          {filtered
            ? 'No rewards match this type and level.'
            : 'Rewards from your referrals and your team will appear here.'}
        </ListEmpty>
      ) : (
        <div
          aria-busy={rewards.isFetching}
          className={cn(rewards.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <RewardsTable rewards={data.rewards} />
          <RewardsPagination pagination={data.pagination} onPage={onPage} />
        </div>
      )}
    </div>
  );
}
