import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { cyclesKeys, useCycles } from '../api/get-cycles';
import { CycleDetailView } from '../components/cycles/cycle-detail';
import { CyclesTable } from '../components/cycles/cycles-table';
import { NewCyclePanel } from '../components/cycles/new-cycle-panel';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { TableSkeleton } from '@/components/ui/table-skeleton';

/**
 * /admin/cycles (beyond the spec): prepare a DOWNLINE cycle, preview it, run it and read its
 * statement here; past cycles are listed below and open at /admin/cycles/{id}.
 */
export function AdminCyclesPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [activeId, setActiveId] = useState<string | null>(null);
  const cycles = useCycles(page);
  const data = cycles.data;
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
        <NewCyclePanel onPreviewed={(cycle) => setActiveId(cycle._id)} />
      )}

      <Card className="overflow-hidden">
        <div className="px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold tracking-tight text-fg">All Cycles</h2>
        </div>
        <div className="border-t border-border p-4 sm:p-6" aria-busy={cycles.isFetching}>
          {cycles.isPending ? (
            <TableSkeleton label="Loading cycles..." columns={8} />
          ) : cycles.isError && !data ? (
            <div className="space-y-3">
              <Alert variant="error">
                {errorMessage(
                  cycles.error,
                  'Failed to fetch cycles',
                  'An error occurred while fetching cycles',
                )}
              </Alert>
              <Button variant="outline" onClick={() => void cycles.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.cycles.length === 0 ? (
            <p className="py-12 text-center font-medium text-fg-muted">No cycles yet</p>
          ) : data ? (
            <div className={cycles.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <CyclesTable cycles={data.cycles} />
            </div>
          ) : null}
        </div>
        {data && data.cycles.length > 0 ? (
          <SimplePagination
            label="Cycles pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            hasPrev={data.pagination.hasPrev}
            hasNext={data.pagination.hasNext}
            onPage={setPage}
            summary={`${data.pagination.totalRecords} ${data.pagination.totalRecords === 1 ? 'cycle' : 'cycles'}`}
          />
        ) : null}
      </Card>
    </div>
  );
}
