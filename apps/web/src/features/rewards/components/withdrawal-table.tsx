import type { Withdrawal } from '@ctn/contracts/withdrawals';
import { ExternalLink } from '@/components/external-link';
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
import { explorerAddressUrl, explorerTxUrl } from '../lib/explorer';

const COLUMNS = ['Amount', 'Wallet Address', 'Asset', 'Status', 'Requested', 'Transaction'];
const linkClasses = 'font-mono text-primary underline-offset-4 hover:underline';

/** The Withdrawal History table (member section 2), links to the server's block explorer. */
export function WithdrawalTable({
  withdrawals,
  explorerUrl,
}: {
  withdrawals: readonly Withdrawal[];
  explorerUrl: string;
}) {
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
              <ExternalLink
                href={explorerAddressUrl(explorerUrl, withdrawal.walletAddress)}
                className={linkClasses}
                title={withdrawal.walletAddress}
              >
                {shortenAddress(withdrawal.walletAddress)}
              </ExternalLink>
            </TableCell>
            <TableCell>{withdrawal.asset}</TableCell>
            <TableCell>
              <StatusBadge
                status={withdrawal.status}
                label={withdrawal.status.replaceAll('_', ' ')}
              />
              {withdrawal.reason ? (
                <p className="mt-1 max-w-56 text-xs whitespace-normal text-fg-muted">
                  {withdrawal.reason}
                </p>
              ) : null}
            </TableCell>
            <TableCell className="text-fg-muted">
              {formatDateTime(withdrawal.requestedAt)}
              {withdrawal.processedAt ? (
                <span className="block text-xs text-fg-subtle">
                  Processed {formatDateTime(withdrawal.processedAt)}
                </span>
              ) : null}
            </TableCell>
            <TableCell>
              {withdrawal.transactionHash ? (
                <ExternalLink
                  href={explorerTxUrl(explorerUrl, withdrawal.transactionHash)}
                  className={linkClasses}
                  title={withdrawal.transactionHash}
                >
                  {shortenHash(withdrawal.transactionHash)}
                </ExternalLink>
              ) : (
                <span className="text-fg-muted">Pending</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
