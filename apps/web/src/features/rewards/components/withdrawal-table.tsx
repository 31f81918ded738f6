import type { Withdrawal } from '@ctn/contracts/withdrawals';
import { ExplorerLink } from '@/components/explorer-links';
import { StatusBadge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatMoney, shortenAddress, shortenHash } from '@/lib/format';
import { explorerAddressUrl, explorerTxUrl } from '@ctn/contracts/explorer';
import { CancelWithdrawalDialog } from './cancel-withdrawal-dialog';
import { WithdrawalTimeline } from './withdrawal-timeline';

const COLUMNS = ['Amount', 'Wallet Address', 'Asset', 'Status', 'Requested', 'Transaction'];
const linkClasses = 'font-mono text-primary underline-offset-4 hover:underline';

interface Props {
  withdrawals: readonly Withdrawal[];
  explorerUrl: string | null;
}

/**
 * The Withdrawal History (member section 2), linking to the server's block explorer: a table
 * from the small breakpoint up, and on phones one card per request, so status and transaction
 * are read without scrolling sideways. A pending request can be cancelled from either.
 */
export function WithdrawalTable(props: Props) {
  return (
    <>
      <div className="hidden sm:block">
        <HistoryTable {...props} />
      </div>
      <ul className="space-y-3 sm:hidden" aria-label="Withdrawal history">
        {props.withdrawals.map((w) => (
          <HistoryCard key={w._id} withdrawal={w} explorerUrl={props.explorerUrl} />
        ))}
      </ul>
    </>
  );
}

function HistoryTable({ withdrawals, explorerUrl }: Props) {
  return (
    <Table label="Withdrawal history">
      <TableHead>
        <tr>
          {COLUMNS.map((column) => (
            <TableHeaderCell key={column}>{column}</TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {withdrawals.map((withdrawal) => (
          <TableRow key={withdrawal._id}>
            <TableCell className="font-semibold tabular-nums">
              {formatMoney(withdrawal.amount)}
            </TableCell>
            <TableCell>
              <AddressLink withdrawal={withdrawal} explorerUrl={explorerUrl} />
            </TableCell>
            <TableCell>{withdrawal.asset}</TableCell>
            <TableCell>
              <Status withdrawal={withdrawal} />
            </TableCell>
            <TableCell className="text-fg-muted">
              <Times withdrawal={withdrawal} />
            </TableCell>
            <TableCell>
              <Transaction withdrawal={withdrawal} explorerUrl={explorerUrl} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryCard({
  withdrawal,
  explorerUrl,
}: {
  withdrawal: Withdrawal;
  explorerUrl: string | null;
}) {
  return (
    <li className="space-y-2 rounded-xl border border-border bg-surface p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="text-base font-semibold text-fg tabular-nums">
          {formatMoney(withdrawal.amount)} {withdrawal.asset}
        </p>
        <Status withdrawal={withdrawal} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-fg-muted">
        <dt>To</dt>
        <dd className="text-right">
          <AddressLink withdrawal={withdrawal} explorerUrl={explorerUrl} />
        </dd>
        <dt>Transaction</dt>
        <dd className="text-right">
          <Transaction withdrawal={withdrawal} explorerUrl={explorerUrl} />
        </dd>
        <dt>Requested</dt>
        <dd className="text-right">
          <Times withdrawal={withdrawal} />
        </dd>
      </dl>
    </li>
  );
}

function AddressLink({
  withdrawal,
  explorerUrl,
}: {
  withdrawal: Withdrawal;
  explorerUrl: string | null;
}) {
  return (
    <ExplorerLink
      href={explorerAddressUrl(explorerUrl, withdrawal.walletAddress)}
      className={linkClasses}
      title={withdrawal.walletAddress}
    >
      {shortenAddress(withdrawal.walletAddress)}
    </ExplorerLink>
  );
}

function Status({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <div className="flex flex-col items-start gap-2 max-sm:items-end">
      <StatusBadge status={withdrawal.status} label={withdrawal.status.replaceAll('_', ' ')} />
      {withdrawal.reason ? (
        <p className="max-w-56 text-xs whitespace-normal text-fg-muted">{withdrawal.reason}</p>
      ) : null}
      {withdrawal.status === 'PENDING' ? <CancelWithdrawalDialog withdrawal={withdrawal} /> : null}
      <WithdrawalTimeline withdrawal={withdrawal} />
    </div>
  );
}

function Times({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <>
      {formatDateTime(withdrawal.requestedAt)}
      {withdrawal.processedAt ? (
        <span className="block text-xs text-fg-subtle">
          Processed {formatDateTime(withdrawal.processedAt)}
        </span>
      ) : null}
    </>
  );
}

function Transaction({
  withdrawal,
  explorerUrl,
}: {
  withdrawal: Withdrawal;
  explorerUrl: string | null;
}) {
  if (withdrawal.transactionHash)
    return (
      <ExplorerLink
        href={explorerTxUrl(explorerUrl, withdrawal.transactionHash)}
        className={linkClasses}
        title={withdrawal.transactionHash}
      >
        {shortenHash(withdrawal.transactionHash)}
      </ExplorerLink>
    );
  // A cancelled, rejected or blocked request never gets one: it is not "Pending".
  const awaited = withdrawal.status === 'PENDING' || withdrawal.status === 'APPROVED';
  return <span className="text-fg-muted">{awaited ? 'Pending' : '-'}</span>;
}
