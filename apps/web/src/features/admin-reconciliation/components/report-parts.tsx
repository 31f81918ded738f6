// The parts of the reconciliation report: its status, each part's figures and differences.
import type { ReconciliationDifference, ReconciliationReport } from '@ctn/contracts/reconciliation';
import { Badge } from '@/components/ui/badge';
import { TxLink } from '@/components/explorer-links';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatUsd, shorten, countOf } from '@/lib/format';

const KIND_LABELS: Record<ReconciliationDifference['kind'], string> = {
  TRANSFER_NOT_CREDITED: 'Payment not credited',
  CREDIT_WITHOUT_TRANSFER: 'Credit without a transfer',
  BALANCE_MISMATCH: 'Balance differs from ledger',
  LIABILITIES_MISMATCH: 'Owed differs from earned',
  HOT_WALLET_SHORT: 'Hot wallet short',
  OUTFLOW_UNMATCHED: 'Payout not matched to a withdrawal',
  OUTFLOW_DUPLICATE: 'Withdrawal paid twice',
  DEPOSIT_OUTFLOW_UNKNOWN: 'Deposit outflow, not a sweep',
};

export function ReportStatus({ report }: { report: ReconciliationReport }) {
  if (report.differences.length > 0)
    return <Badge variant="danger">{countOf(report.differences.length, 'difference')}</Badge>;
  return report.clean ? (
    <Badge variant="success">Clean</Badge>
  ) : (
    <Badge variant="warning">Incomplete</Badge>
  );
}

export function Part({
  title,
  checked,
  note,
  children,
}: {
  title: string;
  checked: boolean;
  note: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2 rounded-xl border border-border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-fg">{title}</h3>
        {checked ? (
          <Badge variant="success">Checked</Badge>
        ) : (
          <Badge variant="warning">Not checked</Badge>
        )}
      </div>
      <dl className="space-y-1 text-sm">{children}</dl>
      <p className="text-xs text-fg-muted">{note}</p>
    </div>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-medium text-fg tabular-nums">{value}</dd>
    </div>
  );
}

export function Differences({
  report,
  explorerUrl,
}: {
  report: ReconciliationReport;
  explorerUrl: string | null;
}) {
  if (report.differences.length === 0)
    return <p className="py-6 text-center font-medium text-fg-muted">No differences</p>;
  return (
    <Table label="Differences">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Kind</TableHeaderCell>
          <TableHeaderCell>Member</TableHeaderCell>
          <TableHeaderCell className="text-right">Amount</TableHeaderCell>
          <TableHeaderCell>Detail</TableHeaderCell>
          <TableHeaderCell>Transaction</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.differences.map((d, i) => (
          <TableRow key={`${d.kind}-${d.transactionHash ?? d.userId ?? i}-${i}`}>
            <TableCell>
              <Badge variant="danger">{KIND_LABELS[d.kind]}</Badge>
            </TableCell>
            <TableCell className="font-mono text-xs">{d.userId ?? '—'}</TableCell>
            <TableCell className="text-right tabular-nums">
              {d.amount === null ? '—' : formatUsd(d.amount)}
            </TableCell>
            <TableCell className="min-w-64 text-sm">{d.detail}</TableCell>
            <TableCell>
              {d.transactionHash ? (
                <TxLink
                  explorerUrl={explorerUrl}
                  hash={d.transactionHash}
                  text={shorten(d.transactionHash, 10, 6)}
                />
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
