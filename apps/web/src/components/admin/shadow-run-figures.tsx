import type { ShadowRun } from '@ctn/contracts/compliance';
import { Alert } from '@/components/ui/alert';
import { formatDateTime, formatUsdt } from '@/lib/format';

/**
 * What a shadow compliance run would have done (decision 038), member counts per decision with
 * the USDT it would move: on the dashboard, on the run's page and before switching to enforce.
 */
export function ShadowRunFigures({ run }: { run: ShadowRun }) {
  const { figures } = run;
  const items: [string, number, string | null][] = [
    ['Would lock', figures.lock, null],
    ['Would remind', figures.remind, null],
    ['Would forfeit', figures.forfeit, formatUsdt(figures.forfeitAmount)],
    ['Would release', figures.release, formatUsdt(figures.releaseAmount)],
    ['First concerns', figures.concern, null],
    ['Exchange unknown', figures.unknown, null],
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg-muted">
        Run of {formatDateTime(run.startedAt)} over {run.linkedMembers} linked members. Nothing was
        changed and no member was mailed.
      </p>
      <dl aria-label="Shadow run figures" className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        {items.map(([label, members, amount]) => (
          <div key={label} className="rounded-xl border border-border px-3 py-2">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="font-semibold text-fg tabular-nums">
              {members}
              {amount ? <span className="ml-1 font-normal text-fg-muted">({amount})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {run.reason ? (
        <Alert variant="warning">An enforced run would have been held: {run.reason}</Alert>
      ) : null}
      {run.copyingHeld ? (
        <Alert variant="info">
          Copy trading was not enforced: no linked member has shown copy-trading volume yet (
          {run.copyingHeld} show none).
        </Alert>
      ) : null}
    </div>
  );
}
