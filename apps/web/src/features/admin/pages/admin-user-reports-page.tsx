import { RefreshButton } from '@/components/ui/refresh-button';
import type { UserStatus } from '@ctn/contracts/constants';
import type { UserReport } from '@ctn/contracts/reports';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { userReportsKeys, useUserReports } from '../api/get-user-reports';
import { ReportDialog } from '../components/reports/report-dialog';
import { ReportsFilters } from '../components/reports/reports-filters';
import { ReportsTable } from '../components/reports/reports-table';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * /admin/user-reports: members with financial, referral and activity counters, a status filter,
 * a debounced search and a report dialog with the member's activity timeline (admin section 2).
 */
export function AdminUserReportsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<UserStatus | null>(null);
  const search = useDebouncedValue(searchInput.trim());

  // Any new filter starts again at page 1.
  const filterKey = JSON.stringify([search, status]);
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (filterKey !== appliedFilters) {
    setAppliedFilters(filterKey);
    setPage(1);
  }

  const reports = useUserReports({ page, search, status });
  const data = reports.data;
  const [selected, setSelected] = useState<UserReport | null>(null);
  const refreshing = reports.isFetching && !reports.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userReportsKeys.all });

  return (
    <div className="space-y-6">
      <PageTitle title="User Reports" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">User Reports</h1>
          <p className="text-fg-muted">Financial, referral and activity reports per member</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      <Card className="overflow-hidden">
        <div className="space-y-4 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold tracking-tight text-fg">Members</h2>
          <ReportsFilters
            search={searchInput}
            onSearch={setSearchInput}
            status={status}
            onStatus={setStatus}
          />
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={reports.isFetching}>
          {reports.isPending ? (
            <TableSkeleton label="Loading reports..." columns={9} />
          ) : reports.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  reports.error,
                  'Failed to fetch user reports',
                  'An error occurred while fetching user reports',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void reports.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.reports.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No users found</p>
          ) : data ? (
            <div
              className={reports.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <ReportsTable reports={data.reports} onView={setSelected} />
            </div>
          ) : null}
        </div>
        {data && data.reports.length > 0 ? (
          <SimplePagination
            label="User reports pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrev}
            hasNext={data.pagination.hasNext}
            onPage={setPage}
            summary={`${data.pagination.totalRecords} ${data.pagination.totalRecords === 1 ? 'member' : 'members'}`}
          />
        ) : null}
      </Card>

      <ReportDialog report={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
