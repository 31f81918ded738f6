import type { AuditLogResponse } from '@ctn/contracts/audit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { actionLabel, actionVariant } from './audit-labels';

type AuditEntry = AuditLogResponse['entries'][number];
type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? 'null';

/** The top-level keys whose value differs between before and after (added or removed included). */
export function changedKeys(before: unknown, after: unknown): Set<string> {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return new Set([...keys].filter((key) => pretty(a[key]) !== pretty(b[key])));
}

/** One side, as pretty JSON; the keys that changed are highlighted. */
function JsonPanel({
  title,
  value,
  changed,
}: {
  title: string;
  value: unknown;
  changed: Set<string>;
}) {
  const empty = value === null || value === undefined;
  return (
    <section aria-label={title} className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <CodeBlock className="max-h-80 border border-border font-mono leading-relaxed">
        {empty ? (
          <span className="text-fg-muted">None</span>
        ) : isRecord(value) ? (
          <>
            {'{\n'}
            {Object.entries(value).map(([key, v], i, all) => {
              const isChanged = changed.has(key);
              const body = pretty(v).replace(/\n/g, '\n  ');
              return (
                <span
                  key={key}
                  data-changed={isChanged ? 'true' : undefined}
                  className={cn(
                    'block',
                    isChanged && 'rounded bg-warning-soft text-warning-soft-fg',
                  )}
                >
                  {`  ${JSON.stringify(key)}: ${body}${i < all.length - 1 ? ',' : ''}`}
                </span>
              );
            })}
            {'}'}
          </>
        ) : (
          pretty(value)
        )}
      </CodeBlock>
    </section>
  );
}

/** An audit entry's before and after, side by side. */
export function AuditDetailsDialog({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  const changed = entry ? changedKeys(entry.before, entry.after) : new Set<string>();
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {entry ? (
        <DialogContent
          className="sm:max-w-3xl"
          title="Audit Entry Details"
          description={`${actionLabel(entry.action)} by ${entry.actor.email} on ${formatDateTime(entry.createdAt)}.`}
          footer={
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          }
        >
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <Badge variant={actionVariant(entry.action)}>{actionLabel(entry.action)}</Badge>
              {changed.size > 0 ? (
                <span>
                  Changed: <span className="font-medium text-fg">{[...changed].join(', ')}</span>
                </span>
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <JsonPanel title="Before" value={entry.before} changed={changed} />
              <JsonPanel title="After" value={entry.after} changed={changed} />
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
