import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RefreshButton } from '@/components/ui/refresh-button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { treasuryKeys, useTreasury } from '../api/treasury';
import { CoverageChart } from '../components/coverage-chart';
import { Bucket, coverageText, HoldingRow, usdtExact } from '../components/treasury-parts';

/**
 * /admin/treasury (beyond the spec; decision 046): what the platform holds on chain, by place,
 * against what it owes members, by bucket; coverage; the daily snapshots. Figures come from the
 * last scan of the chain, each with its time; a stale one is marked, never shown as zero.
 */
export function AdminTreasuryPage() {
  const queryClient = useQueryClient();
  const treasury = useTreasury();
  const refreshing = treasury.isFetching && !treasury.isPending;
  const data = treasury.data;

  return (
    <div className="space-y-6">
      <PageTitle title="Treasury" />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Treasury</h1>
          <p className="text-fg-muted">Holdings on chain against what members are owed</p>
        </div>
        <RefreshButton
          onClick={() => void queryClient.invalidateQueries({ queryKey: treasuryKeys.all })}
          refreshing={refreshing}
        />
      </header>

      {treasury.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading the treasury">
          <Skeleton className="h-28 w-full rounded-2xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      ) : treasury.isError || !data ? (
        <div className="space-y-3">
          <Alert variant="error">
            {errorMessage(treasury.error, 'Failed to load the treasury')}
          </Alert>
          <Button variant="outline" onClick={() => void treasury.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle>Coverage</CardTitle>
                {data.coverage === null ? (
                  <Badge variant="neutral">Unknown</Badge>
                ) : Number(data.coverage) < 1 ? (
                  <Badge variant="danger">Under 100%</Badge>
                ) : (
                  <Badge variant="success">Covered</Badge>
                )}
              </div>
              <CardDescription>Holdings / liabilities, rounded down</CardDescription>
            </CardHeader>
            <CardContent className="space-y-2">
              <p className="text-3xl font-bold text-fg tabular-nums" data-testid="coverage">
                {coverageText(data.coverage)}
              </p>
              <p className="text-sm text-fg-muted">
                {usdtExact(data.holdings.total.usdt)} held against{' '}
                {usdtExact(data.liabilities.total)} owed.
                {data.coverage === null
                  ? data.holdings.total.usdt === null
                    ? ' A holding has never been read: coverage is unknown.'
                    : ' Nothing is owed.'
                  : ''}
              </p>
              {data.holdings.total.stale ? (
                <Alert variant="warning">
                  Some figures are stale: their last read failed or is old. The last good values are
                  shown with their time.
                </Alert>
              ) : null}
            </CardContent>
          </Card>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Holdings</CardTitle>
                <CardDescription>
                  {data.lastScan
                    ? `Last scan ${formatDateTime(data.lastScan.startedAt)}${data.lastScan.method ? ` (${data.lastScan.method === 'multicall' ? 'Multicall3' : 'JSON-RPC batches'})` : ''}: ${data.lastScan.read.toLocaleString('en-US')} of ${data.lastScan.addresses.toLocaleString('en-US')} deposit addresses read`
                    : 'No scan yet: the background job reads the chain every 15 minutes.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {data.lastScan?.error ? (
                  <Alert variant="warning">The last scan failed: {data.lastScan.error}</Alert>
                ) : null}
                <ul className="divide-y divide-border" aria-label="Holdings by place">
                  <HoldingRow
                    label={`Deposit addresses (${data.holdings.depositAddresses.addresses.toLocaleString('en-US')})`}
                    holding={data.holdings.depositAddresses}
                    explorerUrl={data.explorerUrl}
                    extra={
                      data.holdings.depositAddresses.unread > 0 ? (
                        <p className="text-xs text-warning-soft-fg">
                          {data.holdings.depositAddresses.unread.toLocaleString('en-US')} not read
                          yet
                        </p>
                      ) : null
                    }
                  />
                  {data.holdings.hotWallet ? (
                    <HoldingRow
                      label="Hot wallet"
                      holding={data.holdings.hotWallet}
                      address={data.holdings.hotWallet.address}
                      explorerUrl={data.explorerUrl}
                      extra={
                        <p className="text-xs text-fg-muted">
                          Gas: {data.holdings.hotWallet.bnb ?? '—'} BNB
                        </p>
                      }
                    />
                  ) : (
                    <li className="py-3 text-sm text-fg-muted">
                      No hot wallet: payouts are made elsewhere.
                    </li>
                  )}
                  {data.holdings.treasuryAddresses.length === 0 ? (
                    <li className="py-3 text-sm text-fg-muted">
                      No treasury addresses (TREASURY_ADDRESSES is not set).
                    </li>
                  ) : (
                    data.holdings.treasuryAddresses.map((t) => (
                      <HoldingRow
                        key={t.address}
                        label="Treasury address"
                        holding={t}
                        address={t.address}
                        explorerUrl={data.explorerUrl}
                      />
                    ))
                  )}
                  <HoldingRow
                    label="Total held"
                    holding={data.holdings.total}
                    explorerUrl={data.explorerUrl}
                  />
                </ul>
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>Liabilities</CardTitle>
                <CardDescription>What members are owed, from the ledger</CardDescription>
              </CardHeader>
              <CardContent>
                <dl className="divide-y divide-border" aria-label="Liabilities by bucket">
                  <Bucket label="Available" value={data.liabilities.available} />
                  <Bucket label="Locked" value={data.liabilities.locked} />
                  <Bucket label="Pending withdrawals" value={data.liabilities.pending} />
                  <Bucket label="Approved, not yet sent" value={data.liabilities.approvedUnsent} />
                  <Bucket label="Total owed" value={data.liabilities.total} strong />
                </dl>
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <CardTitle>Daily snapshots</CardTitle>
              <CardDescription>Coverage at each day's snapshot (UTC), last 90 days</CardDescription>
            </CardHeader>
            <CardContent>
              {data.snapshots.length === 0 ? (
                <p className="py-6 text-center text-fg-muted">
                  No snapshot yet: the first is taken within the day.
                </p>
              ) : (
                <CoverageChart snapshots={data.snapshots} />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
