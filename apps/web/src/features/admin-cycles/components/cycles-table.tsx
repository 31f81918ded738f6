import type { CycleSummary } from '@ctn/contracts/cycles';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
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
import { formatDateTime, formatUsd } from '@/lib/format';
import { cycleName, periodText, SOURCE_LABELS } from './cycle-labels';
import { CycleStatusBadge } from './cycle-status-badge';
import { paths } from '@/lib/paths';
import { NONE } from '@/lib/admin/format';

export function CyclesTable({ cycles }: { cycles: CycleSummary[] }) {
  return (
    <Table label="Cycles">
      <TableHead>
        <tr>
          <TableHeaderCell>Cycle</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Period</TableHeaderCell>
          <TableHeaderCell>Members</TableHeaderCell>
          <TableHeaderCell>Master Amount</TableHeaderCell>
          <TableHeaderCell>Paid</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>Completed</TableHeaderCell>
          <TableActionsHeaderCell>Actions</TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {cycles.map((cycle) => {
          const name = cycleName(cycle);
          return (
            <TableRow key={cycle._id}>
              {/* Paired values share a cell (source under the cycle, lines under the amount
                  paid, who under when): the table fits at 1280 px. */}
              <TableCell>
                <span className="block font-semibold tabular-nums">{name}</span>
                <span className="block text-xs text-fg-muted">{SOURCE_LABELS[cycle.source]}</span>
              </TableCell>
              <TableCell>
                <CycleStatusBadge status={cycle.status} />
              </TableCell>
              <TableCell className="text-fg-muted">{periodText(cycle)}</TableCell>
              <TableCell className="tabular-nums">{cycle.members}</TableCell>
              <TableCell className="tabular-nums">{formatUsd(cycle.totalMasterAmount)}</TableCell>
              <TableCell className="tabular-nums">
                <span className="block">
                  {cycle.totalPaid === null ? NONE : formatUsd(cycle.totalPaid)}
                </span>
                {cycle.rewardLines !== null ? (
                  <span className="block text-xs text-fg-muted">
                    {cycle.rewardLines.toLocaleString('en-US')} lines
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-fg-muted">
                <span className="block whitespace-nowrap">{formatDateTime(cycle.createdAt)}</span>
                <span
                  className="block max-w-48 truncate text-xs text-fg-subtle"
                  title={cycle.createdBy}
                >
                  by {cycle.createdBy}
                </span>
              </TableCell>
              <TableCell className="text-fg-muted">
                {cycle.completedAt ? formatDateTime(cycle.completedAt) : NONE}
              </TableCell>
              <TableActionsCell>
                <Link
                  to={paths.admin.cycle(cycle._id)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-label={
                    cycle.number === null
                      ? `View draft of ${periodText(cycle)}`
                      : `View cycle ${name}`
                  }
                >
                  <Eye className="size-4" aria-hidden="true" />
                  View
                </Link>
              </TableActionsCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
