import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import type { RewardItem } from '@ctn/contracts/rewards';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatDate, formatDateTime, formatPercent, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Where the reward came from, in one sentence a member can check against their network. */
function originOf(reward: RewardItem): string {
  const share = `${formatPercent(reward.percent)} of ${formatUsdt(reward.masterAmount)}`;
  if (reward.type === 'DIRECT') {
    const payer = reward.payment?.payer ?? 'a member of your network';
    const day = reward.payment ? ` on ${formatDate(reward.payment.paidAt)}` : '';
    return `${share}: the subscription fee ${payer} (level ${reward.level} of your network) paid${day}.`;
  }
  const trader = reward.downlineUser?.name ?? 'a member of your network';
  return `${share}: the commission BingX paid on the copy trading of ${trader} (level ${reward.level} of your network) in reward cycle #${reward.cycle ?? '?'}.`;
}

const BUCKET_NAMES: Record<RewardItem['bucket'], string> = {
  AVAILABLE: 'Available balance',
  LOCKED: 'Locked balance',
  HELD: 'Held for review (the exchange account it comes from is being checked)',
};

/**
 * One reward, opened from its row (issue 18): what it was computed from, where it went and why,
 * and the way to its cycle statement. Everything shown is in the row's own data.
 */
export function RewardDetailsDialog({ reward }: { reward: RewardItem }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Details of the ${formatUsdt(reward.rewardAmount)} reward of ${formatDateTime(reward.createdAt)}`}
        >
          Details
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${reward.type === 'DIRECT' ? 'Referral' : 'Trading'} reward of ${formatUsdt(reward.rewardAmount)}`}
        description={originOf(reward)}
        footer={
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        }
      >
        <dl className="divide-y divide-border text-sm">
          <Fact label="Credited">{formatDateTime(reward.createdAt)}</Fact>
          <Fact label="From">
            {reward.downlineUser
              ? `${reward.downlineUser.name} · ${reward.downlineUser.userId}`
              : reward.payment
                ? `${reward.payment.payer} · ${reward.payment.userId}`
                : '—'}
          </Fact>
          <Fact label="Level">{reward.level}</Fact>
          <Fact label="Base">{formatUsdt(reward.masterAmount)}</Fact>
          <Fact label="Percent">{formatPercent(reward.percent)}</Fact>
          <Fact label="Went to">{BUCKET_NAMES[reward.bucket]}</Fact>
          {reward.cycle !== null && (
            <Fact label="Cycle">
              <Link
                to={paths.cycleStatement(reward.cycle)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Statement of cycle #{reward.cycle}
              </Link>
            </Fact>
          )}
          <Fact label="Reference">
            <span className="font-mono text-xs break-all">{reward._id}</span>
          </Fact>
        </dl>
        {reward.bucket === 'LOCKED' && (
          <p className="mt-4 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
            Credited while your earnings were locked, so it went to your locked balance. Locked
            earnings are released to your available balance when you are compliant again within{' '}
            {COMPLIANCE_GRACE_DAYS} days, and forfeited after that; your balances show where they
            stand now.
          </p>
        )}
        {reward.bucket === 'HELD' && (
          <p className="mt-4 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
            Credited while an administrator reviews whether the exchange account it comes from
            belongs to its member. It is released to you when the review clears the account, and
            withdrawn if the account is found not to be theirs; your balances show where it stands
            now.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}
