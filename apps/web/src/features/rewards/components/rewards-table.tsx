import type { RewardItem } from '@ctn/contracts/rewards';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate, formatDateTime, formatExactUsdt, formatPercent } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RewardDetailsDialog } from './reward-details-dialog';

function Source({ reward }: { reward: RewardItem }) {
  if (reward.downlineUser)
    return (
      <div className="min-w-0 sm:max-w-60 sm:min-w-40">
        <p className="truncate font-medium">{reward.downlineUser.name}</p>
        <p className="truncate text-xs text-fg-muted">{reward.downlineUser.email}</p>
        <p className="font-mono text-xs text-fg-subtle">{reward.downlineUser.userId}</p>
      </div>
    );
  if (reward.payment)
    return (
      <div className="min-w-0 sm:max-w-60 sm:min-w-40">
        <p className="truncate font-medium">{reward.payment.payer}</p>
        <p className="text-xs text-fg-muted">
          Subscription payment of {formatDate(reward.payment.paidAt)}
        </p>
        <p className="font-mono text-xs text-fg-subtle">{reward.payment.userId}</p>
      </div>
    );
  return <span className="text-fg-muted">Direct reward</span>;
}

const LockedMarker = ({ reward }: { reward: RewardItem }) =>
  reward.bucket === 'LOCKED' ? (
    <Badge variant="neutral" className="ml-2" title="Held while your earnings are locked">
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
  ) : null;

// A ledger line: every micro-USDT of it, so the lines add up to the balance (decision 050).
const share = (reward: RewardItem) =>
  `${formatPercent(reward.percent)} of ${formatExactUsdt(reward.masterAmount)}`;

const COLUMNS: readonly ResponsiveColumn<RewardItem>[] = [
  { header: 'User', place: 'title', cell: (reward) => <Source reward={reward} /> },
  {
    header: 'Type',
    cell: (reward) => (
      <StatusBadge status={reward.type} label={reward.type === 'DIRECT' ? 'Referral' : 'Trading'} />
    ),
  },
  {
    header: 'Amount',
    place: 'amount',
    className: 'tabular-nums',
    cell: (reward) => (
      <>
        <span className="font-semibold">{formatExactUsdt(reward.rewardAmount)}</span>
        <span className="text-fg-muted"> · {share(reward)}</span>
        <LockedMarker reward={reward} />
      </>
    ),
    card: (reward) => (
      <>
        <p>{formatExactUsdt(reward.rewardAmount)}</p>
        <p className="text-xs font-normal text-fg-muted">{share(reward)}</p>
        <LockedMarker reward={reward} />
      </>
    ),
  },
  { header: 'Level', cell: (reward) => reward.level },
  {
    header: 'Cycle',
    className: 'tabular-nums',
    cell: (reward) =>
      reward.cycle === null ? (
        '—'
      ) : (
        <Link
          to={paths.cycleStatement(reward.cycle)}
          className="font-medium text-primary underline-offset-4 hover:underline"
          aria-label={`Statement of reward cycle ${reward.cycle}`}
        >
          #{reward.cycle}
        </Link>
      ),
  },
  {
    header: 'Date',
    className: 'text-fg-muted',
    cell: (reward) => formatDateTime(reward.createdAt),
  },
  {
    header: 'Details',
    hiddenHeader: true,
    place: 'action',
    cell: (reward) => <RewardDetailsDialog reward={reward} />,
  },
];

/**
 * The Rewards History (member section 2), with a Locked marker on held credits; each row opens
 * its details. A table from `md` up, cards below: at 1034 px it does not fit a tablet either.
 */
export function RewardsTable({ rewards }: { rewards: readonly RewardItem[] }) {
  return (
    <ResponsiveTable
      label="Rewards history"
      rows={rewards}
      rowKey={(reward) => reward._id}
      columns={COLUMNS}
      cardsBelow="md"
    />
  );
}
