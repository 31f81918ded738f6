import { LOCK_REASON_TEXT, type RewardStats } from '@ctn/contracts/rewards';
import { ArrowUpRight, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, UNKNOWN_FIGURE } from '@/lib/format';
import { withdrawReadiness } from '@/lib/withdraw-readiness';
import { WithdrawalDialog } from './withdrawal-dialog';

/**
 * What the balance is for now: while earnings are locked it cannot be withdrawn, and says why.
 */
export function balanceCaption(stats: RewardStats | undefined): string {
  if (!stats?.compliance.locked) return 'Available to withdraw';
  const reasons = stats.compliance.reasons.map((r) => LOCK_REASON_TEXT[r]).join(' ');
  return `Locked until your account is compliant.${reasons ? ` ${reasons}` : ''}`;
}

/**
 * Current Balance (USDT) and Request Withdrawal, disabled while loading, when there is nothing
 * to withdraw (member section 2), while earnings are locked or a request is in review; the
 * reason is said under the button.
 */
export function BalanceCard({
  stats,
  loading,
}: {
  stats: RewardStats | undefined;
  loading: boolean;
}) {
  const readiness = withdrawReadiness(stats);
  const canWithdraw = !loading && readiness.canWithdraw;
  const balance = stats?.currentBalance;
  return (
    <Card
      role="region"
      aria-labelledby="current-balance-title"
      className="flex flex-col gap-5 border-primary/40 bg-primary-soft/40 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-fg">
          <Wallet className="size-6" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <h2 id="current-balance-title" className="text-sm font-medium text-fg-muted">
            Current Balance
          </h2>
          {loading ? (
            <Skeleton className="h-9 w-40" />
          ) : (
            <p className="text-3xl font-bold text-fg tabular-nums" data-testid="current-balance">
              {balance === undefined ? UNKNOWN_FIGURE : formatMoney(balance)}{' '}
              <span className="text-lg font-semibold">USDT</span>
            </p>
          )}
          <p className="text-xs text-fg-subtle" data-testid="balance-caption">
            {balanceCaption(stats)}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:max-w-64 sm:items-end">
        <WithdrawalDialog balance={balance ?? 0} minimumWithdrawal={stats?.minimumWithdrawal ?? 0}>
          <Button
            size="lg"
            disabled={!canWithdraw}
            aria-describedby={!loading && readiness.reason ? 'withdraw-blocked' : undefined}
          >
            <ArrowUpRight className="size-5" aria-hidden="true" />
            Request Withdrawal
          </Button>
        </WithdrawalDialog>
        {!loading && stats && readiness.reason ? (
          <p id="withdraw-blocked" className="text-xs text-fg-muted sm:text-right">
            {readiness.reason}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
