// USDT moved out of deposit addresses by `npm run sweep` in the report's blocks: the sweeps to
// the configured destinations, listed (anything else is a difference, in the table below).
import type { ReconciliationReport } from '@ctn/contracts/reconciliation';
import { TxLink } from '@/components/explorer-links';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { countOf, formatUsd, shorten } from '@/lib/format';
import { Figure, Part } from './report-parts';

export function SweepsPart({
  sweeps,
  explorerUrl,
}: {
  sweeps: ReconciliationReport['sweeps'];
  explorerUrl: string | null;
}) {
  if (sweeps === null)
    return (
      <Part title="Sweeps" checked={false} note="This report was made before sweeps were read.">
        <Figure label="Swept" value="—" />
      </Part>
    );
  return (
    <div className="space-y-3">
      <Part title="Sweeps" checked={sweeps.checked} note={sweeps.note}>
        <Figure label="Swept from deposit addresses" value={formatUsd(sweeps.total)} />
        <Figure label="Transfers" value={String(sweeps.transfers.length)} />
        <Figure
          label="Destinations"
          value={
            sweeps.destinations.length === 0
              ? 'None configured'
              : countOf(sweeps.destinations.length, 'address', 'addresses')
          }
        />
      </Part>
      {sweeps.checked && sweeps.transfers.length === 0 ? (
        <p className="py-2 text-center text-sm text-fg-muted">No sweeps in these blocks</p>
      ) : null}
      {sweeps.transfers.length > 0 ? (
        <Table label="Sweeps">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>From</TableHeaderCell>
              <TableHeaderCell>To</TableHeaderCell>
              <TableHeaderCell className="text-right">Amount</TableHeaderCell>
              <TableHeaderCell>Transaction</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sweeps.transfers.map((t) => (
              <TableRow key={`${t.transactionHash}-${t.from}`}>
                <TableCell className="font-mono text-xs">{t.userId ?? '—'}</TableCell>
                <TableCell className="font-mono text-xs">{shorten(t.from, 8, 6)}</TableCell>
                <TableCell className="font-mono text-xs">{shorten(t.to, 8, 6)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(t.amount)}</TableCell>
                <TableCell>
                  <TxLink
                    explorerUrl={explorerUrl}
                    hash={t.transactionHash}
                    text={shorten(t.transactionHash, 10, 6)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
