import type { UserReport } from '@ctn/contracts/reports';
import { FileText } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TableActionsCell,
  TableActionsHeaderCell,
} from '@/components/ui/table';
import { countOf, formatDateTime, formatUsd } from '@/lib/format';

const number = 'text-right tabular-nums';

/** Members with their counters; 'View report' opens the full report. */
export function ReportsTable({
  reports,
  onView,
}: {
  reports: readonly UserReport[];
  onView: (report: UserReport) => void;
}) {
  return (
    <Table label="User reports">
      <TableHead>
        <tr>
          <TableHeaderCell>Member</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell className="text-right">Balance</TableHeaderCell>
          <TableHeaderCell className="text-right">Earned</TableHeaderCell>
          <TableHeaderCell className="text-right">Withdrawn</TableHeaderCell>
          <TableHeaderCell className="text-right">Referrals</TableHeaderCell>
          <TableHeaderCell>Last login</TableHeaderCell>
          <TableActionsHeaderCell>
            <span className="sr-only">Actions</span>
          </TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {reports.map((report) => (
          <TableRow key={report._id}>
            {/* Long names and emails are cut, whole on hover and in the report. */}
            <TableCell className="max-w-64">
              <p className="truncate font-medium" title={report.name}>
                {report.name}
              </p>
              <p className="truncate text-xs text-fg-muted" title={report.email}>
                {report.email}
              </p>
              <p className="font-mono text-xs text-fg-subtle">{report.userId}</p>
            </TableCell>
            <TableCell>
              <StatusBadge status={report.status} label={report.status} />
            </TableCell>
            <TableCell className={number}>{formatUsd(report.financial.balance)}</TableCell>
            <TableCell className={number}>{formatUsd(report.financial.totalEarned)}</TableCell>
            <TableCell className={number}>{formatUsd(report.financial.totalWithdrawn)}</TableCell>
            <TableCell className={number}>
              <span title="Direct / whole network">
                {report.referrals.direct} / {report.referrals.network}
              </span>
            </TableCell>
            {/* The last login over the count of the last 30 days: one column, so the table
                and its actions fit at 1440 px. */}
            <TableCell className="whitespace-nowrap">
              <span className="block text-fg-muted">
                {report.activity.lastLogin ? formatDateTime(report.activity.lastLogin) : 'Never'}
              </span>
              <span className="block text-xs text-fg-subtle tabular-nums">
                {countOf(report.activity.loginsLast30Days, 'login')} in 30 days
              </span>
            </TableCell>
            <TableActionsCell>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onView(report)}
                aria-label={`View report of ${report.name}`}
              >
                <FileText className="size-4" aria-hidden="true" />
                View report
              </Button>
            </TableActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
