import { RefreshButton } from '@/components/ui/refresh-button';
import { WITHDRAWAL_STATUSES } from '@ctn/contracts/constants';
import type { AdminWithdrawalsResponse, WithdrawalStatistics } from '@ctn/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import {
  adminWithdrawalKeys,
  useAdminWithdrawals,
  type AdminWithdrawalsParams,
} from '../api/get-admin-withdrawals';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { WithdrawalsFilters } from '../components/withdrawals-filters';
import { WithdrawalsStatistics } from '../components/withdrawals-statistics';
import { WithdrawalsTable } from '../components/withdrawals-table';
import { oneOf, useListFilters } from '@/lib/use-list-filters';

const FILTERS = { keys: ['search', 'status'], typed: ['search'] } as const;

/** /admin/withdrawals: statistics, search and status filter, the requests and their pages. */
export function AdminWithdrawalsPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters(FILTERS);
  const { search } = filters.values;
  const status = oneOf(WITHDRAWAL_STATUSES, filters.values.status);

  const params: AdminWithdrawalsParams = { page: filters.page, search, status };
  const withdrawals = useAdminWithdrawals(params);
  const data = withdrawals.data;

  // Statistics follow the list only without a search (admin section 4, "Searching"): a search
  // narrows the table, the cards keep describing the unsearched list.
  const [statistics, setStatistics] = useState<WithdrawalStatistics | null>(null);
  const fresh = withdrawals.isPlaceholderData ? undefined : data;
  if (fresh && search === '' && fresh.statistics !== statistics) setStatistics(fresh.statistics);

  const refreshing = withdrawals.isFetching && !withdrawals.isPending;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminWithdrawalKeys.lists });
    // An explicit refresh updates the statistics even while searching.
    const latest = queryClient.getQueryData<AdminWithdrawalsResponse>(
      adminWithdrawalKeys.list(params),
    );
    if (latest) setStatistics(latest.statistics);
  };

  return (
    <div className="space-y-6">
      <PageTitle title="Withdrawals" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Withdrawals</h1>
          <p className="text-fg-muted">Review Requests</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <ExportButton list="withdrawals" query={{ search, status, sort: '-createdAt' }} />
          <RefreshButton onClick={() => void refresh()} refreshing={refreshing} />
        </div>
      </header>

      <WithdrawalsStatistics stats={statistics} loading={!statistics && withdrawals.isFetching} />

      <ListCard
        title="Withdrawal Requests"
        filters={<WithdrawalsFilters filters={filters} status={status} />}
        query={withdrawals}
        loading={<TableSkeleton label="Loading withdrawals..." columns={8} />}
        failedText="Failed to fetch withdrawals"
        exceptionText="An error occurred while fetching withdrawals"
        isEmpty={(data) => data.withdrawals.length === 0}
        emptyText="No withdrawals found"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Withdrawals pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalRecords, 'withdrawal')}
          />
        )}
      >
        {(data) => (
          <WithdrawalsTable withdrawals={data.withdrawals} explorerUrl={data.explorerUrl} />
        )}
      </ListCard>
    </div>
  );
}
