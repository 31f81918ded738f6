import { RefreshButton } from '@/components/ui/refresh-button';
import { AUDIT_ACTIONS, type AuditAction, type AuditLogResponse } from '@ctn/contracts/audit';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
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
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { auditLogKeys, useAuditLog, type AuditLogParams } from '../api/get-audit-log';
import { AuditDetailsDialog } from '../components/audit/audit-details-dialog';
import {
  AUDIT_ACTION_LABELS,
  actionLabel,
  actionVariant,
  targetPath,
  targetTypeLabel,
} from '../components/audit/audit-labels';
import { NativeSelect } from '@/components/ui/native-select';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type AuditEntry = AuditLogResponse['entries'][number];

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

/**
 * /admin/audit-log (beyond the spec): every administrator action and sign-in, filtered by actor
 * (debounced), action and dates, with before and after of each entry in a dialog.
 */
export function AdminAuditLogPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [actorInput, setActorInput] = useState('');
  const [action, setAction] = useState<AuditAction | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const actor = useDebouncedValue(actorInput.trim());

  // Any new filter starts again at page 1.
  const filterKey = JSON.stringify([actor, action, from, to]);
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (filterKey !== appliedFilters) {
    setAppliedFilters(filterKey);
    setPage(1);
  }

  const params: AuditLogParams = { page, actor, action, from, to };
  const log = useAuditLog(params);
  const data = log.data;
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const refreshing = log.isFetching && !log.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: auditLogKeys.all });

  return (
    <div className="space-y-6">
      <PageTitle title="Audit Log" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Audit Log</h1>
          <p className="text-fg-muted">Admin Activity</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      <Card className="overflow-hidden">
        <div className="grid gap-3 px-4 pt-5 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Filter by administrator email"
              placeholder="Administrator email"
              value={actorInput}
              onChange={(e) => setActorInput(e.target.value)}
              className="pl-9"
            />
          </div>
          <NativeSelect
            aria-label="Action"
            value={action ?? ''}
            onChange={(e) =>
              setAction(e.target.value === '' ? null : (e.target.value as AuditAction))
            }
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
          <label className="flex items-center gap-2 text-sm font-medium text-fg-muted">
            From
            <Input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              className="flex-1"
            />
          </label>
          <label className="flex items-center gap-2 text-sm font-medium text-fg-muted">
            To
            <Input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              className="flex-1"
            />
          </label>
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={log.isFetching}>
          {log.isPending ? (
            <TableSkeleton label="Loading audit entries..." columns={6} />
          ) : log.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  log.error,
                  'Failed to fetch the audit log',
                  'An error occurred while fetching the audit log',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void log.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.entries.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No audit entries found</p>
          ) : data ? (
            <div className={log.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
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
                  {data.entries.map((entry) => (
                    <TableRow key={entry._id}>
                      <TableCell className="whitespace-nowrap">
                        {formatDateTime(entry.createdAt)}
                      </TableCell>
                      <TableCell>{entry.actor.email}</TableCell>
                      <TableCell>
                        <Badge variant={actionVariant(entry.action)}>
                          {actionLabel(entry.action)}
                        </Badge>
                      </TableCell>
                      <TableCell>
                        <Target entry={entry} />
                      </TableCell>
                      <TableCell className="font-mono text-xs">{entry.ip ?? '-'}</TableCell>
                      <TableActionsCell className="text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setSelected(entry)}
                          aria-label={`Details of ${actionLabel(entry.action)} on ${formatDateTime(entry.createdAt)}`}
                        >
                          Details
                        </Button>
                      </TableActionsCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </div>
        {data && data.entries.length > 0 ? (
          <SimplePagination
            label="Audit log pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrev}
            hasNext={data.pagination.hasNext}
            onPage={setPage}
            summary={`${data.pagination.totalRecords} ${data.pagination.totalRecords === 1 ? 'entry' : 'entries'}`}
          />
        ) : null}
      </Card>

      <AuditDetailsDialog entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
