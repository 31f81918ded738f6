import type { CycleDetail } from '@ctn/contracts/cycles';
import { Spinner } from '@/components/ui/spinner';
import { formatElapsed } from '@/lib/admin/format';
import { PHASE_LABELS } from './cycle-labels';
import { Figures } from './figures';

/** A running cycle: what it is doing, how many lines it will write, for how long it has run. */
export function CycleProgress({ progress }: { progress: CycleDetail['progress'] }) {
  return (
    <div className="space-y-3 rounded-xl border border-blue-500/25 bg-info-soft p-4">
      <p role="status" className="flex items-center gap-2 font-semibold text-info-soft-fg">
        <Spinner />
        {progress ? `Running: ${PHASE_LABELS[progress.phase]}` : 'Running...'}
      </p>
      {progress ? (
        <Figures
          items={[
            ['Phase', PHASE_LABELS[progress.phase]],
            ['Expected lines', progress.expectedLines],
            ['Elapsed', formatElapsed(progress.elapsedMs)],
          ]}
        />
      ) : null}
      <p className="text-xs text-info-soft-fg">
        You can leave this page: the run continues on the server.
      </p>
    </div>
  );
}
