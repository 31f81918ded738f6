import type { AdminUserDetail } from '@ctn/contracts/admin';
import { WITHDRAWAL_STATUSES } from '@ctn/contracts/constants';
import { useState } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatUsd, shorten } from '@/lib/format';
import { statusText } from '../lib/format';
import { num, str } from '../lib/records';
import { NativeSelect } from './native-select';
import { SimplePagination } from './simple-pagination';
import { StatCard } from './stat-card';

/** The Withdrawals tab: statistics, a status filter on the loaded page, the table and its pages. */
export function UserWithdrawalsTab({
  withdrawals,
  onPage,
}: {
  withdrawals: AdminUserDetail['withdrawals'];
  onPage: (page: number) => void;
}) {
  const [status, setStatus] = useState('');
  const rows = withdrawals.data.filter((w) => !status || str(w.status) === status);
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
          <div className="flex items-center gap-2">
            <label htmlFor="admin-withdrawal-status" className="text-sm font-medium text-fg-muted">
              Status
            </label>
            <NativeSelect
              id="admin-withdrawal-status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">All Status</option>
              {WITHDRAWAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusText(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="border-t border-border p-4 sm:p-6">
          <Table label="User withdrawals">
            <TableHead>
              <tr>
                <TableHeaderCell>Amount</TableHeaderCell>
                <TableHeaderCell>Asset</TableHeaderCell>
                <TableHeaderCell>Wallet</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Requested</TableHeaderCell>
                <TableHeaderCell>Processed</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableEmpty colSpan={6}>No withdrawals found</TableEmpty>
              ) : (
                rows.map((w, i) => {
                  const s = str(w.status);
                  const reason = str(w.reason);
                  return (
                    <TableRow key={str(w._id) || i}>
                      <TableCell className="tabular-nums">{formatUsd(num(w.amount))}</TableCell>
                      <TableCell>{str(w.asset) || 'USDT'}</TableCell>
                      <TableCell className="font-mono text-xs">
                        {shorten(str(w.walletAddress), 10, 6)}
                      </TableCell>
                      <TableCell>
                        <StatusBadge status={s} label={statusText(s)} />
                        {reason ? <p className="mt-1 text-xs text-danger">{reason}</p> : null}
                      </TableCell>
                      <TableCell className="text-fg-muted">
                        {formatDateTime(str(w.requestedAt) || str(w.createdAt))}
                      </TableCell>
                      <TableCell className="text-fg-muted">
                        {formatDateTime(str(w.processedAt))}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>
        <SimplePagination
          label="Withdrawals pages"
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          hasPrev={pagination.hasPrevPage}
          hasNext={pagination.hasNextPage}
          onPage={onPage}
          summary={`Showing ${rows.length} of ${stats.total} withdrawals`}
        />
      </Card>
    </div>
  );
}
