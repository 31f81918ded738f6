import { RefreshButton } from '@/components/ui/refresh-button';
import { USER_STATUSES } from '@ctn/contracts/constants';
import type { UserReport } from '@ctn/contracts/reports';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { ListCard } from '@/components/list-card';
import { userReportsKeys, useUserReports } from '../api/get-user-reports';
import { ReportDialog } from '../components/report-dialog';
import { ReportsFilters } from '../components/reports-filters';
import { ReportsTable } from '../components/reports-table';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { oneOf, useListFilters } from '@/lib/use-list-filters';

const FILTERS = { keys: ['search', 'status'], typed: ['search'] } as const;

/**
 * /admin/user-reports: members with financial, referral and activity counters, a status filter,
 * a debounced search and a report dialog with the member's activity timeline (admin section 2).
 */
export function AdminUserReportsPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters(FILTERS);
  const status = oneOf(USER_STATUSES, filters.values.status);
  const reports = useUserReports({ page: filters.page, search: filters.values.search, status });
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

      <ListCard
        title="Members"
        filters={<ReportsFilters filters={filters} status={status} />}
        query={reports}
        loading={<TableSkeleton label="Loading reports..." columns={9} />}
        failedText="Failed to fetch user reports"
        exceptionText="An error occurred while fetching user reports"
        isEmpty={(data) => data.reports.length === 0}
        emptyText="No users found"
        pagination={({ pagination }) => (
          <SimplePagination
            label="User reports pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalRecords, 'member')}
          />
        )}
      >
        {(data) => <ReportsTable reports={data.reports} onView={setSelected} />}
      </ListCard>

      <ReportDialog report={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
