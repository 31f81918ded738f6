import { BINGX_UID_MESSAGE, isBingxUid } from '@ctn/contracts/validation';
import type { ExchangeProbe } from '@ctn/contracts/exchange-diagnostics';
import { PlugZap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useRunExchangeDiagnostics } from '../api/exchange-diagnostics';
import { ExchangeStatusCard } from '@/components/admin/exchange-status-card';
import { VolumeFieldsCard } from '../components/volume-fields-card';

/** /admin/exchange: signed test calls of every BingX endpoint the product uses. */
export function AdminExchangePage() {
  const diagnostics = useRunExchangeDiagnostics();
  const [uid, setUid] = useState('');
  const [uidError, setUidError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = uid.trim();
    if (value !== '' && !isBingxUid(value)) {
      setUidError(BINGX_UID_MESSAGE);
      return;
    }
    diagnostics.mutate(value);
  };
  const report = diagnostics.data;

  return (
    <div className="space-y-6">
      <PageTitle title="Exchange" />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Exchange</h1>
        <p className="text-fg-muted">
          Test the BingX agent API with this server&apos;s key: every endpoint the product uses,
          signed, with the raw answers.
        </p>
      </header>
      <ExchangeStatusCard linkToTest={false} />
      <Card>
        <CardHeader>
          <CardTitle>Run diagnostics</CardTitle>
          <CardDescription>
            About eight calls, and the clock against BingX's. Give a UID to check one invitee;
            without it a placeholder UID is used.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label="Run exchange diagnostics"
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <Field id="diagnostics-uid" label="BingX UID (optional)" error={uidError}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  className="font-mono sm:w-56"
                  value={uid}
                  onChange={(e) => {
                    setUid(e.target.value);
                    setUidError(undefined);
                  }}
                />
              )}
            </Field>
            <Button
              type="submit"
              className="sm:mt-7"
              loading={diagnostics.isPending}
              loadingText="Calling BingX..."
            >
              <PlugZap className="size-4" aria-hidden="true" />
              Run diagnostics
            </Button>
          </form>
        </CardContent>
      </Card>
      {diagnostics.isError ? (
        <Alert variant="error">
          {errorMessage(
            diagnostics.error,
            'Failed to run the diagnostics',
            'An error occurred while running the diagnostics',
          )}
        </Alert>
      ) : null}
      {report ? (
        <section aria-label="Diagnostics result" className="space-y-4">
          <Alert
            variant={report.workingCommission.length > 0 ? 'success' : 'warning'}
            title={`Checked ${formatDateTime(report.checkedAt)}`}
          >
            {report.summary}
          </Alert>
          <p className="text-sm text-fg-muted">
            {report.clock.answered && report.clock.skewMs !== null
              ? `Clock: this server is ${Math.abs(report.clock.skewMs)} ms ${report.clock.skewMs >= 0 ? 'ahead of' : 'behind'} BingX's server time${report.clock.tooFar ? ': signed calls fail past 5,000 ms' : ''}.`
              : `Clock: BingX's server time did not answer (${report.clock.error ?? 'no answer'}).`}{' '}
            {report.permissions === null
              ? "The key's permissions: not exposed."
              : `The key's permissions: ${report.permissions}`}
          </p>
          <ul className="space-y-3">
            {report.probes.map((probe, i) => (
              <li key={i}>
                <ProbeCard probe={probe} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <VolumeFieldsCard />
    </div>
  );
}

function ProbeCard({ probe }: { probe: ExchangeProbe }) {
  return (
    <Card>
      <CardContent className="space-y-2 py-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-fg">{probe.name}</h3>
          <Badge variant={probe.ok ? 'success' : 'danger'}>{probe.ok ? 'Works' : 'Failed'}</Badge>
        </div>
        <p className="font-mono text-xs break-all text-fg-muted">
          GET {probe.path}?
          {Object.entries(probe.params)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')}
        </p>
        <p className="text-sm text-fg-muted">
          HTTP {probe.httpStatus ?? '—'} · code {probe.code ?? '—'}
          {probe.message ? ` · ${probe.message}` : ''} · {probe.latencyMs} ms
        </p>
        {probe.body ? (
          <details>
            <summary className="cursor-pointer text-sm text-primary">Raw answer</summary>
            <CodeBlock className="mt-2 max-h-64 break-all whitespace-pre-wrap">
              {probe.body}
            </CodeBlock>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
