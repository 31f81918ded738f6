import type { AdminUserDetail } from '@ctn/contracts/admin';
import type { WithdrawalStatus } from '@ctn/contracts/constants';
import { adminWithdrawalSchema, type AdminWithdrawal } from '@ctn/contracts/withdrawals';
import { FilterSelect } from '@/components/filter-bar';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';
import { WITHDRAWAL_STATUS_OPTIONS } from '@/lib/admin/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { StatCard } from '@/components/ui/stat-card';
import { MemberWithdrawalsTable } from '@/components/admin/member-withdrawals-table';

/**
 * The user detail sends its withdrawals as loose records; each should be the admin withdrawal
 * shape. One that is not cannot be linked or shown reliably, so it is counted, not guessed at.
 */
function readRows(records: AdminUserDetail['withdrawals']['data']) {
  const rows: AdminWithdrawal[] = [];
  let unreadable = 0;
  for (const record of records) {
    const parsed = adminWithdrawalSchema.safeParse(record);
    if (parsed.success) rows.push(parsed.data);
    else unreadable += 1;
  }
  return { rows, unreadable };
}

/** The Withdrawals tab's status filter: '' for all statuses. */
export type WithdrawalStatusFilter = '' | WithdrawalStatus;

/** The Withdrawals tab: statistics, a status filter the server applies, the table and its pages. */
export function UserWithdrawalsTab({
  withdrawals,
  onPage,
  status,
  onStatus,
}: {
  withdrawals: AdminUserDetail['withdrawals'];
  onPage: (page: number) => void;
  status: WithdrawalStatusFilter;
  onStatus: (status: WithdrawalStatusFilter) => void;
}) {
  const { rows, unreadable } = readRows(withdrawals.data);
  const { statistics: stats, pagination } = withdrawals;
  return (
    <div className="space-y-4">
      <section aria-label="Withdrawal statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Requested" value={formatUsd(stats.totalRequestedAmount)} />
        <StatCard label="Approved" value={formatUsd(stats.totalApprovedAmount)} />
        <StatCard label="Pending" value={formatUsd(stats.totalPendingAmount)} />
        <StatCard label="Total Count" value={stats.total} />
      </section>
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold text-fg">Withdrawals</h2>
          <FilterSelect
            label="Status"
            allLabel="All Status"
            options={WITHDRAWAL_STATUS_OPTIONS}
            value={status}
            onChange={(value) => onStatus(value as WithdrawalStatusFilter)}
          />
        </div>
        <div className="space-y-3 border-t border-border p-4 sm:p-6">
          {unreadable > 0 ? (
            <Alert variant="warning">
              {unreadable === 1
                ? '1 withdrawal could not be read and is not shown.'
                : `${unreadable} withdrawals could not be read and are not shown.`}
            </Alert>
          ) : null}
          <MemberWithdrawalsTable label="User withdrawals" withdrawals={rows} />
        </div>
        <SimplePagination
          label="Withdrawals pages"
          pagination={pagination}
          onPage={onPage}
          summary={`Showing ${rows.length} of ${stats.total} withdrawals`}
        />
      </Card>
    </div>
  );
}
