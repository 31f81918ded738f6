import type { AdminRewardItem } from '@ctn/contracts/rewards';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { formatDateTime, formatExactUsdt, formatPercent, formatUsd, fullName } from '@/lib/format';
import { cycleText, NONE } from '@/lib/admin/format';
import { Row } from '@/components/admin/info-card';
import { UserIdLink } from '@/components/admin/member-link';
import { BucketBadge } from './rewards-table';

function Money({ value }: { value: number }) {
  // Sub-cent rewards are common in DOWNLINE cycles: the 2-decimal text alone would hide them.
  const hidesDigits = Math.abs(value * 100 - Math.round(value * 100)) > 1e-9;
  return (
    <>
      {formatUsd(value)}
      {hidesDigits ? (
        <span className="ml-1 text-xs text-fg-muted">({formatExactUsdt(value)})</span>
      ) : null}
    </>
  );
}

function PersonRows({ prefix, person }: { prefix: string; person: AdminRewardItem['rewardUser'] }) {
  return (
    <>
      <Row label={prefix}>{fullName(person)}</Row>
      <Row label={`${prefix} Email`}>{person.email}</Row>
      <Row label={`${prefix} User ID`}>
        <UserIdLink person={person} />
      </Row>
    </>
  );
}

/** Every field of one reward. */
export function RewardDetailDialog({
  reward,
  onClose,
}: {
  reward: AdminRewardItem | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={reward !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {reward ? (
        <DialogContent
          title="Reward Details"
          description={`${reward.type} reward of level ${reward.level} to ${fullName(reward.rewardUser)}.`}
          footer={
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          }
        >
          <dl className="divide-y divide-border">
            <Row label="Reward ID">
              <span className="font-mono text-xs">{reward._id}</span>
            </Row>
            <Row label="Type">
              <StatusBadge status={reward.type} label={reward.type} />
            </Row>
            <Row label="Level">{reward.level}</Row>
            <Row label="Amount">
              <Money value={reward.rewardAmount} />
            </Row>
            <Row label="Percent">{formatPercent(reward.percent)}</Row>
            <Row label="Master Amount">
              <Money value={reward.masterAmount} />
            </Row>
            <Row label="Cycle">{cycleText(reward.cycle)}</Row>
            <Row label="Bucket">
              <BucketBadge bucket={reward.bucket} />
            </Row>
            <Row label="Date">{formatDateTime(reward.createdAt)}</Row>
            <PersonRows prefix="Member" person={reward.rewardUser} />
            {reward.downlineUser ? (
              <PersonRows prefix="From" person={reward.downlineUser} />
            ) : (
              <Row label="From">{NONE}</Row>
            )}
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
