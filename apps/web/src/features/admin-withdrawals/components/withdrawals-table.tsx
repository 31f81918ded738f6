import type { AdminWithdrawal } from '@ctn/contracts/withdrawals';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TableActionsCell,
  TableActionsHeaderCell,
} from '@/components/ui/table';
import { formatDateTime, formatUsd, shortenAddress } from '@/lib/format';
import { shortenListHash } from '@/lib/admin/format';
import { MemberIdentity } from '@/components/admin/member-link';
import { AddressLink, TxLink } from '@/components/explorer-links';
import { ReviewLink } from '@/components/admin/review-link';
import { WithdrawalStatusBadge } from '@/components/admin/withdrawal-status';

const COLUMNS = ['Member', 'Amount', 'Wallet', 'Status', 'Transaction', 'Requested', 'Actions'];

/** The requests of /admin/withdrawals: wallets 6 + 4 and hashes 10 + 8 (admin section 9). */
export function WithdrawalsTable({
  withdrawals,
  explorerUrl,
}: {
  withdrawals: AdminWithdrawal[];
  explorerUrl: string | null;
}) {
  return (
    <Table label="Withdrawals">
      <TableHead>
        <tr>
          {COLUMNS.slice(0, -1).map((column) => (
            <TableHeaderCell key={column}>{column}</TableHeaderCell>
          ))}
          <TableActionsHeaderCell>{COLUMNS.at(-1)}</TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {withdrawals.map((w) => (
          <TableRow key={w._id}>
            <TableCell>
              <MemberIdentity person={w.user} />
            </TableCell>
            <TableCell className="font-semibold tabular-nums">{formatUsd(w.amount)}</TableCell>
            <TableCell>
              <AddressLink
                explorerUrl={explorerUrl}
                address={w.walletAddress}
                text={shortenAddress(w.walletAddress)}
              />
            </TableCell>
            <TableCell>
              <WithdrawalStatusBadge status={w.status} />
            </TableCell>
            <TableCell>
              {w.transactionHash ? (
                <TxLink
                  explorerUrl={explorerUrl}
                  hash={w.transactionHash}
                  text={shortenListHash(w.transactionHash)}
                />
              ) : (
                <span className="text-fg-subtle">—</span>
              )}
            </TableCell>
            <TableCell className="text-fg-muted">
              {/* One column for both times keeps the Review action in view at 1280 px. */}
              <span className="block whitespace-nowrap">{formatDateTime(w.requestedAt)}</span>
              {w.processedAt ? (
                <span className="block text-xs whitespace-nowrap text-fg-subtle">
                  Processed {formatDateTime(w.processedAt)}
                </span>
              ) : null}
            </TableCell>
            <TableActionsCell>
              <ReviewLink withdrawal={w} />
            </TableActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
