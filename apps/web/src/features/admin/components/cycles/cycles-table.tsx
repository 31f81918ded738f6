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
} from '@/components/ui/table';
import { formatDateTime, formatUsd } from '@/lib/format';
import { adminPaths } from '../../lib/paths';
import { cycleName, periodText, SOURCE_LABELS } from './cycle-labels';
import { CycleStatusBadge } from './cycle-status-badge';

const NONE = '—';

export function CyclesTable({ cycles }: { cycles: CycleSummary[] }) {
  return (
    <Table label="Cycles">
      <TableHead>
        <tr>
          <TableHeaderCell>Cycle</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Source</TableHeaderCell>
          <TableHeaderCell>Period</TableHeaderCell>
          <TableHeaderCell>Members</TableHeaderCell>
          <TableHeaderCell>Master Amount</TableHeaderCell>
          <TableHeaderCell>Paid</TableHeaderCell>
          <TableHeaderCell>Lines</TableHeaderCell>
          <TableHeaderCell>Created By</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>Completed</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {cycles.map((cycle) => {
          const name = cycleName(cycle);
          return (
            <TableRow key={cycle._id}>
              <TableCell className="font-semibold tabular-nums">{name}</TableCell>
              <TableCell>
                <CycleStatusBadge status={cycle.status} />
              </TableCell>
              <TableCell>{SOURCE_LABELS[cycle.source]}</TableCell>
              <TableCell className="text-fg-muted">{periodText(cycle)}</TableCell>
              <TableCell className="tabular-nums">{cycle.members}</TableCell>
              <TableCell className="tabular-nums">{formatUsd(cycle.totalMasterAmount)}</TableCell>
              <TableCell className="tabular-nums">
                {cycle.totalPaid === null ? NONE : formatUsd(cycle.totalPaid)}
              </TableCell>
              <TableCell className="tabular-nums">{cycle.rewardLines ?? NONE}</TableCell>
              <TableCell>{cycle.createdBy}</TableCell>
              <TableCell className="text-fg-muted">{formatDateTime(cycle.createdAt)}</TableCell>
              <TableCell className="text-fg-muted">
                {cycle.completedAt ? formatDateTime(cycle.completedAt) : NONE}
              </TableCell>
              <TableCell>
                <Link
                  to={adminPaths.cycle(cycle._id)}
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
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
