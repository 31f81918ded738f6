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
  TableActionsCell,
  TableActionsHeaderCell,
} from '@/components/ui/table';
import { formatDateTime, formatPercent, formatUsd, fullName } from '@/lib/format';
import { cycleText, NONE } from '@/lib/admin/format';
import { MemberIdentity } from '@/components/admin/member-link';

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
          <TableHeaderCell>Type · Level</TableHeaderCell>
          <TableHeaderCell>From</TableHeaderCell>
          <TableHeaderCell>Amount · Master</TableHeaderCell>
          <TableHeaderCell>Cycle · Bucket</TableHeaderCell>
          <TableHeaderCell>Date</TableHeaderCell>
          <TableActionsHeaderCell>Actions</TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rewards.map((reward) => (
          <TableRow key={reward._id}>
            <TableCell>
              <MemberIdentity person={reward.rewardUser} />
            </TableCell>
            {/* Paired values share a cell (level under type, master amount under the reward,
                bucket under the cycle): the table and its actions fit at 1280 px. */}
            <TableCell>
              <StatusBadge status={reward.type} label={reward.type} />
              <span className="mt-1 block text-xs text-fg-muted tabular-nums">
                Level {reward.level}
              </span>
            </TableCell>
            <TableCell>
              {reward.downlineUser ? (
                <MemberIdentity person={reward.downlineUser} withEmail={false} />
              ) : (
                <span className="text-fg-subtle">{NONE}</span>
              )}
            </TableCell>
            <TableCell className="tabular-nums">
              <span className="block whitespace-nowrap">
                {formatUsd(reward.rewardAmount)}
                <span className="ml-1 text-xs text-fg-muted">
                  ({formatPercent(reward.percent)})
                </span>
              </span>
              <span className="block text-xs whitespace-nowrap text-fg-muted">
                of {formatUsd(reward.masterAmount)}
              </span>
            </TableCell>
            <TableCell className="tabular-nums">
              <span className="block">{cycleText(reward.cycle)}</span>
              <span className="mt-1 block">
                <BucketBadge bucket={reward.bucket} />
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap text-fg-muted">
              {formatDateTime(reward.createdAt)}
            </TableCell>
            <TableActionsCell>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDetails(reward)}
                aria-label={`Details of the reward to ${fullName(reward.rewardUser)}`}
              >
                <Info className="size-4" aria-hidden="true" />
                Details
              </Button>
            </TableActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
