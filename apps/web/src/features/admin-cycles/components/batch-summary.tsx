import type { CyclePreview } from '@ctn/contracts/cycles';
import { formatUsd } from '@/lib/format';
import { Figures, Section } from './figures';

/** Items the server counted but did not list (it lists at most CYCLE_PREVIEW_LIST_LIMIT). */
function More({ listed, count }: { listed: number; count: number }) {
  return count > listed ? (
    <p className="text-xs text-fg-muted">and {count - listed} more not listed</p>
  ) : null;
}

/** What was read: lines, matched members, unknown UIDs and line errors, the master amount. */
export function BatchSummary({ preview }: { preview: CyclePreview }) {
  return (
    <Section title="Batch">
      <Figures
        items={[
          ['Lines read', preview.linesRead],
          ['Members matched', preview.matchedMembers],
          ['Unknown UIDs', preview.unknownCount],
          ['Line errors', preview.errorCount],
          ['Total master amount', formatUsd(preview.totalMasterAmount)],
        ]}
      />
      {preview.unknownCount > 0 ? (
        <div className="space-y-1.5 rounded-xl border border-amber-500/30 bg-warning-soft p-3">
          <h4 className="text-sm font-semibold text-warning-soft-fg">
            Unknown UIDs ({preview.unknownCount})
          </h4>
          <p className="text-xs text-warning-soft-fg">
            No member has linked these UIDs; their amounts are left out.
          </p>
          <ul aria-label="Unknown UIDs" className="flex flex-wrap gap-1.5">
            {preview.unknownUids.map((uid) => (
              <li
                key={uid}
                className="rounded-md bg-surface px-2 py-0.5 font-mono text-xs text-fg ring-1 ring-border"
              >
                {uid}
              </li>
            ))}
          </ul>
          <More listed={preview.unknownUids.length} count={preview.unknownCount} />
        </div>
      ) : null}
      {preview.errorCount > 0 ? (
        <div className="space-y-1.5 rounded-xl border border-red-500/25 bg-danger-soft p-3">
          <h4 className="text-sm font-semibold text-danger-soft-fg">
            Line errors ({preview.errorCount})
          </h4>
          <p className="text-xs text-danger-soft-fg">These lines were skipped.</p>
          <ul aria-label="Line errors" className="space-y-0.5 text-sm text-fg">
            {preview.errors.map((e) => (
              <li key={`${e.line}-${e.message}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
          <More listed={preview.errors.length} count={preview.errorCount} />
        </div>
      ) : null}
    </Section>
  );
}
