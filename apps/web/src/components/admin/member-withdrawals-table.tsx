import type { AdminWithdrawal } from '@ctn/contracts/withdrawals';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
  TableActionsCell,
  TableActionsHeaderCell,
} from '@/components/ui/table';
import { formatDateTime, formatUsd } from '@/lib/format';
import { shortenDetailWallet } from '@/lib/admin/format';
import { ReviewLink } from '@/components/admin/review-link';
import { WithdrawalStatus } from '@/components/admin/withdrawal-status';

const COLUMNS = ['Amount', 'Asset', 'Wallet', 'Status', 'Requested', 'Processed', 'Actions'];

/**
 * One member's withdrawals (the user detail's Withdrawals tab, the review page's history): wallets
 * 10 + 6 (admin section 9), the reason in red, each row opening its review.
 */
export function MemberWithdrawalsTable({
  label,
  withdrawals,
  empty = 'No withdrawals found',
}: {
  label: string;
  withdrawals: AdminWithdrawal[];
  empty?: string;
}) {
  return (
    <Table label={label}>
      <TableHead>
        <tr>
          {COLUMNS.slice(0, -1).map((column) => (
            <TableHeaderCell key={column}>{column}</TableHeaderCell>
          ))}
          <TableActionsHeaderCell>{COLUMNS.at(-1)}</TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {withdrawals.length === 0 ? (
          <TableEmpty colSpan={COLUMNS.length}>{empty}</TableEmpty>
        ) : (
          withdrawals.map((w) => (
            <TableRow key={w._id}>
              <TableCell className="tabular-nums">{formatUsd(w.amount)}</TableCell>
              <TableCell>{w.asset}</TableCell>
              <TableCell className="font-mono text-xs" title={w.walletAddress}>
                {shortenDetailWallet(w.walletAddress)}
              </TableCell>
              <TableCell>
                <WithdrawalStatus status={w.status} reason={w.reason} />
              </TableCell>
              <TableCell className="text-fg-muted">{formatDateTime(w.requestedAt)}</TableCell>
              <TableCell className="text-fg-muted">{formatDateTime(w.processedAt)}</TableCell>
              <TableActionsCell>
                <ReviewLink withdrawal={w} />
              </TableActionsCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
