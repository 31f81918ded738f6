import type { CycleDetail as Detail } from '@ctn/contracts/cycles';
import { Play, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsd } from '@/lib/format';
import { useDiscardCycle } from '../api/discard-cycle';
import { useCycle } from '../api/get-cycle';
import { refusalText } from '@/lib/refusal-text';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { BatchSummary } from './batch-summary';
import { cycleName, periodText, SOURCE_LABELS } from './cycle-labels';
import { CycleProgress } from './cycle-progress';
import { CycleStatement } from './cycle-statement';
import { CycleStatusBadge } from './cycle-status-badge';
import { Figures } from './figures';
import { PayoutPreview } from './payout-preview';
import { RunCycleDialog } from './run-cycle-dialog';
import { NONE } from '@/lib/admin/format';

function CycleHeader({ cycle }: { cycle: Detail }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold tracking-tight text-fg">
          {cycle.number === null ? 'Draft cycle' : `Cycle ${cycleName(cycle)}`}
        </h2>
        <CycleStatusBadge status={cycle.status} />
      </div>
      <Figures
        items={[
          ['Source', SOURCE_LABELS[cycle.source]],
          ['Period', periodText(cycle)],
          ['Members', cycle.members],
          ['Total paid', cycle.totalPaid === null ? NONE : formatUsd(cycle.totalPaid)],
          ['Reward lines', cycle.rewardLines ?? NONE],
          ['Created by', cycle.createdBy],
          ['Created', formatDateTime(cycle.createdAt)],
          ['Started', cycle.startedAt ? formatDateTime(cycle.startedAt) : NONE],
          ['Completed', cycle.completedAt ? formatDateTime(cycle.completedAt) : NONE],
        ]}
      />
    </div>
  );
}

function DraftActions({ cycle, onDiscarded }: { cycle: Detail; onDiscarded: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const discard = useDiscardCycle();
  const remove = () =>
    discard.mutate(cycle._id, {
      onSuccess: () => {
        toast('Draft discarded');
        onDiscarded();
      },
    });
  return (
    <div className="space-y-3">
      {discard.isError ? (
        <Alert variant="error">
          {refusalText(
            discard.error,
            'Failed to discard the draft',
            'An error occurred while discarding the draft',
          )}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="danger-outline"
          onClick={remove}
          loading={discard.isPending}
          loadingText="Discarding..."
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Discard
        </Button>
        <Button onClick={() => setConfirming(true)} disabled={discard.isPending}>
          <Play className="size-4" aria-hidden="true" />
          Run cycle
        </Button>
      </div>
      <RunCycleDialog cycle={cycle} open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}

function FailedRun({ cycle }: { cycle: Detail }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-3">
      <Alert variant="error" title="The run failed">
        {cycle.error ?? 'The run stopped without a reason.'}
      </Alert>
      <div className="flex justify-end">
        <Button onClick={() => setConfirming(true)}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Run again
        </Button>
      </div>
      <RunCycleDialog cycle={cycle} open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}

function CycleBody({ cycle, onDiscarded }: { cycle: Detail; onDiscarded: () => void }) {
  switch (cycle.status) {
    case 'DRAFT':
      return (
        <>
          <BatchSummary preview={cycle.preview} />
          <PayoutPreview preview={cycle.preview} />
          <DraftActions cycle={cycle} onDiscarded={onDiscarded} />
        </>
      );
    case 'RUNNING':
      return (
        <>
          <CycleProgress progress={cycle.progress} />
          <BatchSummary preview={cycle.preview} />
        </>
      );
    case 'COMPLETED':
      return (
        <>
          {cycle.statement ? (
            <CycleStatement statement={cycle.statement} number={cycle.number} />
          ) : (
            <Alert variant="warning">The statement of this cycle is not available.</Alert>
          )}
          <BatchSummary preview={cycle.preview} />
        </>
      );
    case 'FAILED':
      return (
        <>
          <FailedRun cycle={cycle} />
          <BatchSummary preview={cycle.preview} />
          <PayoutPreview preview={cycle.preview} />
        </>
      );
  }
}

/**
 * One cycle, whatever its state: a draft's preview with Run and Discard, a run's progress
 * (polled every second), a completed run's statement, a failed run's error with Run again.
 */
export function CycleDetailView({ id, onDiscarded }: { id: string; onDiscarded: () => void }) {
  const query = useCycle(id);
  const cycle = query.data;
  if (query.isPending) return <TableSkeleton label="Loading cycle..." rows={4} columns={4} />;
  if (!cycle) {
    return (
      <div className="space-y-3">
        <Alert variant="error">
          {errorMessage(
            query.error,
            'Failed to fetch the cycle',
            'An error occurred while fetching the cycle',
          )}
        </Alert>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <Card>
      <CardContent className="space-y-6">
        {query.isError ? (
          <Alert variant="warning">
            Could not load the latest state:{' '}
            {errorMessage(
              query.error,
              'Failed to fetch the cycle',
              'An error occurred while fetching the cycle',
            )}
          </Alert>
        ) : null}
        <CycleHeader cycle={cycle} />
        <CycleBody cycle={cycle} onDiscarded={onDiscarded} />
      </CardContent>
    </Card>
  );
}
