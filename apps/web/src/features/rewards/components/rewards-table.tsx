import type { RewardItem } from '@ctn/contracts/rewards';
import { Lock } from 'lucide-react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPercent, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RewardDetailsDialog } from './reward-details-dialog';

const COLUMNS = ['User', 'Type', 'Amount', 'Level', 'Cycle', 'Date'];
// The last column holds each row's Details button; its header is for screen readers only.

/** The Rewards History table (member section 2), with a Locked marker on held credits; each row opens its details. */
export function RewardsTable({ rewards }: { rewards: readonly RewardItem[] }) {
  return (
    <Table label="Rewards history">
      <TableHead>
        <tr>
          {COLUMNS.map((column) => (
            <TableHeaderCell key={column}>{column}</TableHeaderCell>
          ))}
          <TableHeaderCell>
            <span className="sr-only">Details</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rewards.map((reward) => (
          <TableRow key={reward._id}>
            <TableCell>
              {reward.downlineUser ? (
                <div className="max-w-60 min-w-40">
                  <p className="truncate font-medium">{reward.downlineUser.name}</p>
                  <p className="truncate text-xs text-fg-muted">{reward.downlineUser.email}</p>
                  <p className="font-mono text-xs text-fg-subtle">{reward.downlineUser.userId}</p>
                </div>
              ) : reward.payment ? (
                <div className="max-w-60 min-w-40">
                  <p className="truncate font-medium">{reward.payment.payer}</p>
                  <p className="text-xs text-fg-muted">
                    Subscription payment of {formatDate(reward.payment.paidAt)}
                  </p>
                  <p className="font-mono text-xs text-fg-subtle">{reward.payment.userId}</p>
                </div>
              ) : (
                <span className="text-fg-muted">Direct reward</span>
              )}
            </TableCell>
            <TableCell>
              <StatusBadge
                status={reward.type}
                label={reward.type === 'DIRECT' ? 'Referral' : 'Trading'}
              />
            </TableCell>
            <TableCell className="tabular-nums">
              <span className="font-semibold">{formatUsdt(reward.rewardAmount)}</span>
              <span className="text-fg-muted">
                {' '}
                · {formatPercent(reward.percent)} of {formatUsdt(reward.masterAmount)}
              </span>
              {reward.bucket === 'LOCKED' ? (
                <Badge
                  variant="neutral"
                  className="ml-2"
                  title="Held while your earnings are locked"
                >
                  <Lock className="size-3" aria-hidden="true" />
                  Locked
                </Badge>
              ) : reward.bucket === 'HELD' ? (
                <Badge
                  variant="warning"
                  className="ml-2"
                  title="Held while an administrator reviews the exchange account it comes from"
                >
                  <Lock className="size-3" aria-hidden="true" />
                  Held for review
                </Badge>
              ) : null}
            </TableCell>
            <TableCell>{reward.level}</TableCell>
            <TableCell className="tabular-nums">
              {reward.cycle === null ? (
                '—'
              ) : (
                <Link
                  to={paths.cycleStatement(reward.cycle)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={`Statement of reward cycle ${reward.cycle}`}
                >
                  #{reward.cycle}
                </Link>
              )}
            </TableCell>
            <TableCell className="text-fg-muted">{formatDateTime(reward.createdAt)}</TableCell>
            <TableCell>
              <RewardDetailsDialog reward={reward} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
