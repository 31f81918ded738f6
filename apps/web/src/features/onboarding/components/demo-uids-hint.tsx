import { errorText, isErrorCode } from '@ctn/contracts/errors';
import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useDemoUids } from '../api/get-demo-uids';

/** What linking a demo UID will do: a catalogue code reads as its text. */
function outcomeText(outcome: string): string {
  return isErrorCode(outcome) ? errorText(outcome) : outcome;
}

/**
 * Demo only: the exchange simulator's UIDs, one per outcome, so a person trying the product can
 * see each answer of the link step. Hidden where the server offers none (production).
 */
export function DemoUidsHint({ onPick }: { onPick: (uid: string) => void }) {
  const demo = useDemoUids();
  if (!demo.data?.length) return null;
  return (
    <section
      aria-labelledby="demo-uids-title"
      className="space-y-3 rounded-xl border border-dashed border-amber-500/50 bg-warning-soft/40 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <FlaskConical className="size-4 text-warning-soft-fg" aria-hidden="true" />
        <h3 id="demo-uids-title" className="text-sm font-semibold text-fg">
          Try a simulator UID
        </h3>
        <Badge variant="warning">Demo only</Badge>
      </div>
      <p className="text-sm text-fg-muted">
        These UIDs exist only on the built-in BingX simulator. Pick one to fill it in and see what
        linking it does.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {demo.data.map(({ uid, outcome }) => (
          <li key={uid}>
            <button
              type="button"
              onClick={() => onPick(uid)}
              aria-label={`Use demo UID ${uid}: ${outcomeText(outcome)}`}
              className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-border bg-surface px-3 py-2 text-left transition-colors hover:border-primary/50 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="font-mono text-sm font-semibold text-fg">{uid}</span>
              <span className="text-xs text-fg-muted">{outcomeText(outcome)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
