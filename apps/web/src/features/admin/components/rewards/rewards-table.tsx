import type { AdminRewardItem } from '@ctn/contracts/rewards';
import { Info } from 'lucide-react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatUsd, fullName } from '@/lib/format';
import { formatPercent } from '../../lib/format';
import { RewardPerson } from './reward-person';

export const NONE = '—';

export function cycleText(cycle: number | null): string {
  return cycle === null ? NONE : `#${cycle}`;
}

export function BucketBadge({ bucket }: { bucket: AdminRewardItem['bucket'] }) {
  return bucket === 'LOCKED' ? (
    <Badge variant="warning" data-bucket="LOCKED">
      Locked
    </Badge>
  ) : (
    <span className="text-xs text-fg-muted">Available</span>
  );
}

export function RewardsTable({
  rewards,
  onDetails,
}: {
  rewards: AdminRewardItem[];
  onDetails: (reward: AdminRewardItem) => void;
}) {
  return (
    <Table label="Rewards">
      <TableHead>
        <tr>
          <TableHeaderCell>Member</TableHeaderCell>
          <TableHeaderCell>Type</TableHeaderCell>
          <TableHeaderCell>From</TableHeaderCell>
          <TableHeaderCell>Level</TableHeaderCell>
          <TableHeaderCell>Amount</TableHeaderCell>
          <TableHeaderCell>Master Amount</TableHeaderCell>
          <TableHeaderCell>Cycle</TableHeaderCell>
          <TableHeaderCell>Bucket</TableHeaderCell>
          <TableHeaderCell>Date</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rewards.map((reward) => (
          <TableRow key={reward._id}>
            <TableCell>
              <RewardPerson person={reward.rewardUser} />
            </TableCell>
            <TableCell>
              <StatusBadge status={reward.type} label={reward.type} />
            </TableCell>
            <TableCell>
              {reward.downlineUser ? (
                <RewardPerson person={reward.downlineUser} withEmail={false} />
              ) : (
                <span className="text-fg-subtle">{NONE}</span>
              )}
            </TableCell>
            <TableCell className="tabular-nums">{reward.level}</TableCell>
            <TableCell className="tabular-nums">
              {formatUsd(reward.rewardAmount)}
              <span className="ml-1 text-xs text-fg-muted">({formatPercent(reward.percent)})</span>
            </TableCell>
            <TableCell className="tabular-nums">{formatUsd(reward.masterAmount)}</TableCell>
            <TableCell className="tabular-nums">{cycleText(reward.cycle)}</TableCell>
            <TableCell>
              <BucketBadge bucket={reward.bucket} />
            </TableCell>
            <TableCell className="text-fg-muted">{formatDateTime(reward.createdAt)}</TableCell>
            <TableCell>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDetails(reward)}
                aria-label={`Details of the reward to ${fullName(reward.rewardUser)}`}
              >
                <Info className="size-4" aria-hidden="true" />
                Details
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
