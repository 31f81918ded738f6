import type { WithdrawalReview } from '@ctn/contracts/withdrawals';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDate, formatTime } from '@/lib/format';
import { formatDelta, statusText } from '@/lib/admin/format';

const COLUMNS = ['Kind', 'Available', 'Locked', 'Pending', 'Withdrawn', 'Memo', 'Date'];
const BUCKETS = ['available', 'locked', 'pending', 'withdrawn'] as const;

/** The member's recent ledger entries: how each bucket moved, newest first as sent. */
export function LedgerCard({ ledger }: { ledger: WithdrawalReview['ledger'] }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Recent Ledger Entries</CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Table label="Recent ledger entries">
          <TableHead>
            <tr>
              {COLUMNS.map((column) => (
                <TableHeaderCell key={column}>{column}</TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <TableBody>
            {ledger.length === 0 ? (
              <TableEmpty colSpan={COLUMNS.length}>No ledger entries</TableEmpty>
            ) : (
              ledger.map((entry, i) => (
                <TableRow key={`${entry.createdAt}-${entry.kind}-${i}`}>
                  <TableCell className="text-xs font-semibold">{statusText(entry.kind)}</TableCell>
                  {BUCKETS.map((bucket) => (
                    <TableCell key={bucket} className="tabular-nums">
                      {formatDelta(entry[bucket])}
                    </TableCell>
                  ))}
                  <TableCell className="text-fg-muted">
                    {/* A box of its own width: a table cell's max-width does not bind its
                        text, which then ran over the Date column. */}
                    <div className="w-52 whitespace-normal [overflow-wrap:anywhere]">
                      {entry.memo ?? '—'}
                    </div>
                  </TableCell>
                  {/* Date over time: the column stays narrow enough to be in sight at 1280 px. */}
                  <TableCell className="whitespace-nowrap text-fg-muted">
                    <span className="block">{formatDate(entry.createdAt)}</span>
                    <span className="block text-xs text-fg-subtle">
                      {formatTime(entry.createdAt)}
                    </span>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
