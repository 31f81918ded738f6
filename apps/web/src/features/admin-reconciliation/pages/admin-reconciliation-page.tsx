import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RefreshButton } from '@/components/ui/refresh-button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsd, countOf } from '@/lib/format';
import { reconciliationKeys, useReconciliation, useRunReconciliation } from '../api/reconciliation';
import { ChainRescansCard } from '../components/chain-rescans-card';
import { Differences, Figure, Part, ReportStatus } from '../components/report-parts';
import { SweepsPart } from '../components/sweeps-part';

/**
 * /admin/reconciliation (beyond the spec; decision 014): the daily report of the chain against
 * the payments credited, the ledger against the balances and what is owed, and the hot wallet
 * against the payouts in flight, with every difference; a run on demand; rescans from a block.
 */
export function AdminReconciliationPage() {
  const queryClient = useQueryClient();
  const overview = useReconciliation();
  const run = useRunReconciliation();
  const refreshing = overview.isFetching && !overview.isPending;
  const latest = overview.data?.latest ?? null;

  return (
    <div className="space-y-6">
      <PageTitle title="Reconciliation" />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Reconciliation</h1>
          <p className="text-fg-muted">Chain, ledger and hot wallet</p>
        </div>
        <div className="flex gap-2">
          <RefreshButton
            onClick={() => void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all })}
            refreshing={refreshing}
          />
          <Button
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (report) =>
                  toast(
                    report.differences.length === 0 ? 'Reconciliation run' : 'Differences found',
                    {
                      variant: report.differences.length === 0 ? 'success' : 'error',
                      description:
                        report.differences.length === 0
                          ? report.clean
                            ? 'The books agree.'
                            : 'No differences, but a part could not be checked.'
                          : `${report.differences.length} difference(s) listed below and mailed.`,
                    },
                  ),
              })
            }
            loading={run.isPending}
            loadingText="Running..."
          >
            Run now
          </Button>
        </div>
      </header>
      {run.isError ? (
        <Alert variant="error">{errorMessage(run.error, 'The reconciliation could not run')}</Alert>
      ) : null}

      {overview.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading the reconciliation report">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </div>
      ) : overview.isError ? (
        <div className="space-y-3">
          <Alert variant="error">
            {errorMessage(overview.error, 'Failed to load the reconciliation report')}
          </Alert>
          <Button variant="outline" onClick={() => void overview.refetch()}>
            Retry
          </Button>
        </div>
      ) : !latest ? (
        <Card>
          <CardContent className="py-10 text-center text-fg-muted">
            No report yet: the daily run makes the first one, or run it now.
          </CardContent>
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle>Latest report</CardTitle>
                <ReportStatus report={latest} />
              </div>
              <CardDescription>Ran {formatDateTime(latest.ranAt)}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <div className="grid gap-4 lg:grid-cols-3">
                <Part title="Chain" checked={latest.chain.checked} note={latest.chain.note}>
                  <Figure
                    label="Transfers to deposit addresses"
                    value={String(latest.chain.transfers)}
                  />
                  <Figure label="Payments credited" value={String(latest.chain.credited)} />
                </Part>
                <Part title="Ledger" checked={latest.ledger.checked} note={latest.ledger.note}>
                  <Figure label="Owed to members" value={formatUsd(latest.ledger.liabilities)} />
                  <Figure
                    label="Pending withdrawals"
                    value={formatUsd(latest.ledger.pendingWithdrawals)}
                  />
                  <Figure
                    label="Entries checked"
                    value={latest.ledger.entries.toLocaleString('en-US')}
                  />
                </Part>
                <Part
                  title="Hot wallet"
                  checked={latest.hotWallet.checked}
                  note={latest.hotWallet.note}
                >
                  <Figure
                    label="Held"
                    value={
                      latest.hotWallet.balance === null ? '—' : formatUsd(latest.hotWallet.balance)
                    }
                  />
                  <Figure label="Payouts being sent" value={formatUsd(latest.hotWallet.inFlight)} />
                </Part>
                {latest.outflows && (
                  <Part
                    title="Hot wallet outflows"
                    checked={latest.outflows.checked}
                    note={latest.outflows.note}
                  >
                    <Figure
                      label="Transfers out"
                      value={latest.outflows.transfers.toLocaleString('en-US')}
                    />
                    <Figure
                      label="Matched to approved withdrawals"
                      value={latest.outflows.matched.toLocaleString('en-US')}
                    />
                  </Part>
                )}
              </div>
              <SweepsPart sweeps={latest.sweeps} explorerUrl={overview.data.explorerUrl} />
              <Differences report={latest} explorerUrl={overview.data.explorerUrl} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Last runs</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border" aria-label="Last runs">
                {overview.data.history.map((h) => (
                  <li key={h._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="text-fg">{formatDateTime(h.ranAt)}</span>
                    {h.differences > 0 ? (
                      <Badge variant="danger">{countOf(h.differences, 'difference')}</Badge>
                    ) : h.clean ? (
                      <Badge variant="success">Clean</Badge>
                    ) : (
                      <Badge variant="warning">Incomplete</Badge>
                    )}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}

      <ChainRescansCard />
    </div>
  );
}
