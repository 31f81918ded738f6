import { AUDIT_ACTIONS } from '@ctn/contracts/audit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterBar, FilterField, FilterSelect, listSearch } from '@/components/filter-bar';
import { ListCard } from '@/components/list-card';
import { PageTitle } from '@/components/page-title';
import { Input } from '@/components/ui/input';
import { RefreshButton } from '@/components/ui/refresh-button';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { oneOf, useListFilters } from '@/lib/use-list-filters';
import { auditLogKeys, useAuditLog, type AuditLogParams } from '../api/get-audit-log';
import { AuditDetailsDialog } from '../components/audit-details-dialog';
import { AUDIT_ACTION_LABELS } from '../components/audit-labels';
import { AuditTable, type AuditEntry } from '../components/audit-table';

const FILTERS = { keys: ['actor', 'action', 'from', 'to'], typed: ['actor'] } as const;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }));

/**
 * /admin/audit-log (beyond the spec): every administrator action and sign-in, filtered by actor
 * (debounced), action and dates, with before and after of each entry in a dialog.
 */
export function AdminAuditLogPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters(FILTERS);
  const { actor, from, to } = filters.values;
  const action = oneOf(AUDIT_ACTIONS, filters.values.action);

  const params: AuditLogParams = { page: filters.page, actor, action, from, to };
  const log = useAuditLog(params);
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

      <ListCard
        filters={
          <FilterBar
            {...listSearch(filters, 'actor', {
              label: 'Filter by administrator email',
              placeholder: 'Administrator email',
            })}
          >
            <FilterSelect
              label="Action"
              hideLabel
              allLabel="All actions"
              options={ACTION_OPTIONS}
              value={action ?? ''}
              onChange={(value) => filters.setFilter('action', value)}
              className="sm:w-56"
            />
            <FilterField label="From">
              {(id) => (
                <Input
                  id={id}
                  type="date"
                  value={from}
                  max={to || undefined}
                  onChange={(e) => filters.setFilter('from', e.target.value)}
                  className="h-10 flex-1"
                />
              )}
            </FilterField>
            <FilterField label="To">
              {(id) => (
                <Input
                  id={id}
                  type="date"
                  value={to}
                  min={from || undefined}
                  onChange={(e) => filters.setFilter('to', e.target.value)}
                  className="h-10 flex-1"
                />
              )}
            </FilterField>
          </FilterBar>
        }
        query={log}
        loading={<TableSkeleton label="Loading audit entries..." columns={6} />}
        failedText="Failed to fetch the audit log"
        exceptionText="An error occurred while fetching the audit log"
        isEmpty={(data) => data.entries.length === 0}
        emptyText="No audit entries found"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Audit log pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalRecords, 'entry', 'entries')}
          />
        )}
      >
        {(data) => <AuditTable entries={data.entries} onDetails={setSelected} />}
      </ListCard>

      <AuditDetailsDialog entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
