import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/list-card';
import { useListFilters } from '@/lib/use-list-filters';
import { cyclesKeys, useCycles } from '../api/get-cycles';
import { CycleDetailView } from '../components/cycle-detail';
import { CyclesTable } from '../components/cycles-table';
import { NewCyclePanel } from '../components/new-cycle-panel';
import { countOf } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';

/** The cycles are not filtered; their page is in the URL like every list's. */
const NO_FILTERS = { keys: [] } as const;

/**
 * /admin/cycles (beyond the spec): prepare a DOWNLINE cycle, preview it, run it and read its
 * statement here; past cycles are listed below and open at /admin/cycles/{id}.
 */
export function AdminCyclesPage() {
  const queryClient = useQueryClient();
  const { page, setPage } = useListFilters(NO_FILTERS);
  const [activeId, setActiveId] = useState<string | null>(null);
  const cycles = useCycles(page);
  const refreshing = cycles.isFetching && !cycles.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cyclesKeys.all });

  return (
    <div className="space-y-6">
      <PageTitle title="Reward Cycles" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Reward Cycles</h1>
          <p className="text-fg-muted">DOWNLINE batches</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      {activeId ? (
        <div className="space-y-3">
          <div className="flex justify-end">
            <Button variant="outline" onClick={() => setActiveId(null)}>
              <Plus className="size-4" aria-hidden="true" />
              New cycle
            </Button>
          </div>
          <CycleDetailView id={activeId} onDiscarded={() => setActiveId(null)} />
        </div>
      ) : (
        // Mounted again once the list says where the next period starts, so its default does.
        <NewCyclePanel
          key={cycles.data?.nextPeriodStart ?? 'unknown'}
          nextPeriodStart={cycles.data?.nextPeriodStart ?? null}
          onPreviewed={(cycle) => setActiveId(cycle._id)}
        />
      )}

      <ListCard
        title="All Cycles"
        query={cycles}
        loading={<TableSkeleton label="Loading cycles..." columns={8} />}
        failedText="Failed to fetch cycles"
        exceptionText="An error occurred while fetching cycles"
        isEmpty={(data) => data.cycles.length === 0}
        emptyText="No cycles yet"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Cycles pages"
            pagination={pagination}
            onPage={setPage}
            summary={countOf(pagination.totalRecords, 'cycle')}
          />
        )}
      >
        {(data) => <CyclesTable cycles={data.cycles} />}
      </ListCard>
    </div>
  );
}
