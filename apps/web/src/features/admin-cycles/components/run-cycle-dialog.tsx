import type { CycleDetail } from '@ctn/contracts/cycles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { formatUsd } from '@/lib/format';
import { refusalText } from '@/lib/refusal-text';
import { useRunCycle } from '../api/run-cycle';
import { periodText } from './cycle-labels';

/**
 * The confirmation before a run: it credits real balances, so the admin sees the total first.
 * A run that failed half-way is run again through the same step (the server credits each line
 * once).
 */
export function RunCycleDialog({
  cycle,
  open,
  onOpenChange,
}: {
  cycle: CycleDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const run = useRunCycle();
  const again = cycle.status === 'FAILED';
  const { totalPayout, recipients } = cycle.preview;

  const close = (next: boolean) => {
    if (run.isPending) return;
    if (!next) run.reset();
    onOpenChange(next);
  };

  const confirm = () =>
    run.mutate(cycle._id, {
      onSuccess: () => onOpenChange(false),
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={again ? 'Run this cycle again?' : 'Run this cycle?'}
        description={`Period ${periodText(cycle)}. This credits ${formatUsd(totalPayout)} in total to members' balances and cannot be undone.`}
        hideClose={run.isPending}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={run.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button onClick={confirm} loading={run.isPending} loadingText="Starting...">
              {again ? 'Run again' : 'Run cycle'}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-fg-muted">
          <p>
            Recipients: {recipients.available} credited as available, {recipients.locked} as locked,{' '}
            {recipients.skipped} skipped.
          </p>
          {again ? <p>Lines already credited by the failed run are not credited twice.</p> : null}
          {run.isError ? (
            <Alert variant="error">
              {refusalText(
                run.error,
                'Failed to run the cycle',
                'An error occurred while running the cycle',
              )}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
