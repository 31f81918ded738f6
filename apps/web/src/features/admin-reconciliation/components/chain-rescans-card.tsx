import type { ChainRescan } from '@ctn/contracts/reconciliation';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, countOf } from '@/lib/format';
import { useChainRescans, useRequestChainRescan } from '../api/reconciliation';

const STATUS: Record<ChainRescan['status'], { label: string; variant: BadgeVariant }> = {
  RUNNING: { label: 'Running', variant: 'info' },
  DONE: { label: 'Done', variant: 'success' },
  FAILED: { label: 'Failed', variant: 'danger' },
};

/** Share of the range read, 0-100. */
function progressOf(r: ChainRescan): number {
  const total = r.toBlock - r.fromBlock + 1;
  return Math.min(100, Math.round(((r.nextBlock - r.fromBlock) / total) * 100));
}

/** "Rescan from block N": the request form and the rescans with their progress. */
export function ChainRescansCard() {
  const rescans = useChainRescans();
  const request = useRequestChainRescan();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      setError('Enter a block number of 0 or more');
      return;
    }
    setError(undefined);
    request.mutate(Number(value), {
      onSuccess: (r) => {
        toast('Rescan started', { description: `Blocks ${r.fromBlock} to ${r.toBlock}` });
        setInput('');
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Rescan from a block</CardTitle>
        <CardDescription>
          Reads every deposit address again from a block up to the final block, in the background,
          and credits any payment it finds (each once). Use it when a payment was missed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <Field id="rescan-from" label="From block" error={error} className="sm:w-64">
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder="e.g. 44210000"
              />
            )}
          </Field>
          <Button
            type="submit"
            loading={request.isPending}
            loadingText="Starting..."
            className="sm:mt-7"
          >
            Rescan
          </Button>
        </form>
        {request.isError ? (
          <Alert variant="error">
            {errorMessage(request.error, 'The rescan could not be started')}
          </Alert>
        ) : null}

        {rescans.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : rescans.isError ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(rescans.error, 'Failed to load the rescans')}
            </Alert>
            <Button variant="outline" onClick={() => void rescans.refetch()}>
              Retry
            </Button>
          </div>
        ) : rescans.data.length === 0 ? (
          <p className="text-sm text-fg-muted">No rescans yet.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Rescans">
            {rescans.data.map((r) => (
              <li key={r._id} className="space-y-2 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-fg tabular-nums">
                    Blocks {r.fromBlock.toLocaleString('en-US')} to{' '}
                    {r.toBlock.toLocaleString('en-US')}
                  </span>
                  <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Rescan from block ${r.fromBlock}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progressOf(r)}
                  className="h-2 overflow-hidden rounded-full bg-surface-muted"
                >
                  <div className="h-full bg-primary" style={{ width: `${progressOf(r)}%` }} />
                </div>
                <p className="text-xs text-fg-muted">
                  {progressOf(r)}% read · {countOf(r.credited, 'payment')} credited · started{' '}
                  {formatDateTime(r.createdAt)}
                  {r.finishedAt ? ` · finished ${formatDateTime(r.finishedAt)}` : ''}
                </p>
                {r.error ? <p className="text-xs text-danger-soft-fg">{r.error}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
