import { RefreshCw } from 'lucide-react';
import type { CheckResult, CheckState } from '@ctn/contracts/launch-checklist';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useCheckAgain, useLaunchChecklist } from '../api/launch-checklist';

const STATE: Record<CheckState, { variant: BadgeVariant; label: string }> = {
  ok: { variant: 'success', label: 'OK' },
  warn: { variant: 'warning', label: 'Warning' },
  fail: { variant: 'danger', label: 'Failed' },
};

function summary(results: CheckResult[]): { variant: BadgeVariant; label: string } {
  const failed = results.filter((r) => r.state === 'fail').length;
  const warned = results.filter((r) => r.state === 'warn').length;
  if (failed > 0) return { variant: 'danger', label: `${failed} failed` };
  if (warned > 0) return { variant: 'warning', label: `${warned} to review` };
  return { variant: 'success', label: 'All passed' };
}

/**
 * The admin dashboard's launch checklist: the checks of `npm run preflight` as this server runs
 * them (database, chain, hot wallet, secrets, public URL, proxies), each with its state, the
 * variable to change and what was found.
 */
export function LaunchChecklistCard() {
  const checklist = useLaunchChecklist();
  const again = useCheckAgain();
  const data = checklist.data;
  const busy = checklist.isFetching || again.isPending;
  const badge = data ? summary(data.results) : null;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>Launch Checklist</CardTitle>
          <CardDescription>
            {data
              ? `Checked ${formatDateTime(data.checkedAt)} · the same checks as npm run preflight`
              : 'The same checks as npm run preflight'}
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {badge ? <Badge variant={badge.variant}>{badge.label}</Badge> : null}
          <Button variant="outline" size="sm" onClick={() => again.mutate()} disabled={busy}>
            <RefreshCw className={busy ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            Check again
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {again.isError ? (
          <Alert variant="error">
            The checks could not be run again. The results below are older.
          </Alert>
        ) : null}
        {checklist.isPending ? (
          <p className="flex items-center gap-2 text-fg-muted" role="status">
            <Spinner />
            Running the launch checks...
          </p>
        ) : !data ? (
          <Alert variant="error">Failed to run the launch checks</Alert>
        ) : (
          <ul className="divide-y divide-border" aria-label="Launch checks">
            {data.results.map((result, index) => (
              <li key={index} className="flex items-start gap-3 py-2">
                <Badge variant={STATE[result.state].variant} className="shrink-0">
                  {STATE[result.state].label}
                </Badge>
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium text-fg">
                    {result.variable ? <code className="font-mono">{result.variable}</code> : null}
                    {result.variable ? ' · ' : null}
                    {result.check}
                  </p>
                  <p className="break-words text-fg-muted">{result.found}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
