import type { AuditLogResponse } from '@ctn/contracts/audit';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableActionsCell,
  TableActionsHeaderCell,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { actionLabel, actionVariant, targetPath, targetTypeLabel } from './audit-labels';

export type AuditEntry = AuditLogResponse['entries'][number];

function Target({ entry }: { entry: AuditEntry }) {
  const { type, id } = entry.target;
  if (!type) return <span className="text-fg-muted">-</span>;
  const to = targetPath(type, id);
  return (
    <div className="flex flex-col">
      <span className="text-fg">{targetTypeLabel(type)}</span>
      {id ? (
        to ? (
          <Link
            to={to}
            className="font-mono text-xs text-primary underline-offset-2 hover:underline"
            aria-label={`Open ${targetTypeLabel(type).toLowerCase()} ${id}`}
          >
            {id}
          </Link>
        ) : (
          <span className="font-mono text-xs text-fg-muted">{id}</span>
        )
      ) : null}
    </div>
  );
}

/** When, who, what, on what and from where; Details opens the entry's before and after. */
export function AuditTable({
  entries,
  onDetails,
}: {
  entries: AuditEntry[];
  onDetails: (entry: AuditEntry) => void;
}) {
  return (
    <Table label="Audit entries">
      <TableHead>
        <TableRow>
          <TableHeaderCell>When</TableHeaderCell>
          <TableHeaderCell>Who</TableHeaderCell>
          <TableHeaderCell>Action</TableHeaderCell>
          <TableHeaderCell>Target</TableHeaderCell>
          <TableHeaderCell>From</TableHeaderCell>
          <TableActionsHeaderCell>
            <span className="sr-only">Details</span>
          </TableActionsHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry._id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</TableCell>
            <TableCell>{entry.actor.email}</TableCell>
            <TableCell>
              <Badge variant={actionVariant(entry.action)}>{actionLabel(entry.action)}</Badge>
            </TableCell>
            <TableCell>
              <Target entry={entry} />
            </TableCell>
            <TableCell className="font-mono text-xs">{entry.ip ?? '-'}</TableCell>
            <TableActionsCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDetails(entry)}
                aria-label={`Details of ${actionLabel(entry.action)} on ${formatDateTime(entry.createdAt)}`}
              >
                Details
              </Button>
            </TableActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
