import { RefreshButton } from '@/components/ui/refresh-button';
import type { WithdrawalStatus } from '@ctn/contracts/constants';
import type { AdminWithdrawalsResponse, WithdrawalStatistics } from '@ctn/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import {
  adminWithdrawalKeys,
  useAdminWithdrawals,
  type AdminWithdrawalsParams,
} from '../api/get-admin-withdrawals';
import { ExportButton } from '@/components/export-button';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { WithdrawalsFilters } from '../components/withdrawals/withdrawals-filters';
import { WithdrawalsStatistics } from '../components/withdrawals/withdrawals-statistics';
import { WithdrawalsTable } from '../components/withdrawals/withdrawals-table';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** /admin/withdrawals: statistics, search and status filter, the requests and their pages. */
export function AdminWithdrawalsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<WithdrawalStatus | null>(null);
  const search = useDebouncedValue(searchInput.trim());

  // Any new filter starts again at page 1.
  const filterKey = JSON.stringify([search, status]);
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (filterKey !== appliedFilters) {
    setAppliedFilters(filterKey);
    setPage(1);
  }

  const params: AdminWithdrawalsParams = { page, search, status };
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

      <Card className="overflow-hidden">
        <div className="space-y-4 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold tracking-tight text-fg">Withdrawal Requests</h2>
          <WithdrawalsFilters
            search={searchInput}
            onSearch={setSearchInput}
            status={status}
            onStatus={setStatus}
          />
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={withdrawals.isFetching}>
          {withdrawals.isPending ? (
            <TableSkeleton label="Loading withdrawals..." columns={8} />
          ) : withdrawals.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  withdrawals.error,
                  'Failed to fetch withdrawals',
                  'An error occurred while fetching withdrawals',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void withdrawals.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.withdrawals.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No withdrawals found</p>
          ) : data ? (
            <div
              className={
                withdrawals.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined
              }
            >
              <WithdrawalsTable withdrawals={data.withdrawals} explorerUrl={data.explorerUrl} />
            </div>
          ) : null}
        </div>
        {data && data.withdrawals.length > 0 ? (
          <SimplePagination
            label="Withdrawals pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrevPage}
            hasNext={data.pagination.hasNextPage}
            onPage={setPage}
            summary={`${data.pagination.totalRecords} ${data.pagination.totalRecords === 1 ? 'withdrawal' : 'withdrawals'}`}
          />
        ) : null}
      </Card>
    </div>
  );
}
