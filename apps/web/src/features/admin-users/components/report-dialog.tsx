import type { UserReport } from '@ctn/contracts/reports';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUserReport } from '../api/get-user-report';
import { ActivityTimeline } from './activity-timeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-border p-3 sm:grid-cols-3">
        {children}
      </dl>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm font-semibold break-words text-fg tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The volume summed over the cycles that carry one: "Unknown" when none does (a CSV cycle has
 * no volume), never $0.00; "from 1 of 2 cycles" when only some do.
 */
function volumeText(trading: UserReport['trading']): string {
  if (trading.cycles === 0) return '—';
  if (trading.volume === null) return 'Unknown';
  const partial =
    trading.cyclesWithVolume < trading.cycles
      ? ` (from ${trading.cyclesWithVolume} of ${trading.cycles} cycles)`
      : '';
  return `${formatUsd(trading.volume)}${partial}`;
}

/**
 * A member's full report: financial, trading, referral and activity counters and the activity
 * timeline.
 * The counters of the list row show at once; the detail call brings the timeline.
 */
export function ReportDialog({
  report,
  onClose,
}: {
  report: UserReport | null;
  onClose: () => void;
}) {
  const detail = useUserReport(report?._id ?? null);
  const shown = detail.data ?? report;
  return (
    <Dialog open={report !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shown ? (
        <DialogContent
          title="User Report"
          description={`${shown.name} · ${shown.email} · ${shown.userId}`}
          className="sm:max-w-2xl!"
          footer={
            <>
              <Link
                to={paths.admin.user(shown._id)}
                className={buttonClasses({ variant: 'outline' })}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Open user details
              </Link>
              <DialogClose asChild>
                <Button variant="primary">Close</Button>
              </DialogClose>
            </>
          }
        >
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <StatusBadge status={shown.status} label={shown.status} />
              <span>Joined {formatDateTime(shown.joinedAt)}</span>
            </div>
            <Section title="Financial">
              <Figure label="Balance">{formatUsd(shown.financial.balance)}</Figure>
              <Figure label="Locked">{formatUsd(shown.financial.locked)}</Figure>
              <Figure label="Held for review">{formatUsd(shown.financial.held)}</Figure>
              <Figure label="Pending">{formatUsd(shown.financial.pending)}</Figure>
              <Figure label="Total earned">{formatUsd(shown.financial.totalEarned)}</Figure>
              <Figure label="Total withdrawn">{formatUsd(shown.financial.totalWithdrawn)}</Figure>
              <Figure label="Forfeited">{formatUsd(shown.financial.forfeited)}</Figure>
              <Figure label="Subscription payments">{shown.financial.subscriptionPayments}</Figure>
              <Figure label="Subscription paid">
                {formatUsd(shown.financial.subscriptionPaid)}
              </Figure>
            </Section>
            <Section title="Trading">
              <Figure label="Completed cycles">{shown.trading.cycles}</Figure>
              <Figure label="Commission">{formatUsd(shown.trading.commission)}</Figure>
              <Figure label="Trading volume">{volumeText(shown.trading)}</Figure>
            </Section>
            <Section title="Referrals">
              <Figure label="Direct">{shown.referrals.direct}</Figure>
              <Figure label="Network">{shown.referrals.network}</Figure>
              <Figure label="Active in network">{shown.referrals.activeNetwork}</Figure>
            </Section>
            <Section title="Activity">
              <Figure label="Last login">
                {shown.activity.lastLogin ? formatDateTime(shown.activity.lastLogin) : 'Never'}
              </Figure>
              <Figure label="Logins (30 days)">{shown.activity.loginsLast30Days}</Figure>
              <Figure label="Withdrawals">{shown.activity.withdrawals}</Figure>
              <Figure label="Reward credits">{shown.activity.rewardCredits}</Figure>
              <Figure label="Last activity">
                {shown.activity.lastActivityAt
                  ? formatDateTime(shown.activity.lastActivityAt)
                  : 'None'}
              </Figure>
            </Section>
            <section aria-label="Recent activity" className="space-y-2">
              <h3 className="text-sm font-semibold text-fg">Recent activity</h3>
              {detail.data ? (
                <ActivityTimeline activities={detail.data.timeline} />
              ) : detail.isError ? (
                <div className="space-y-3">
                  <Alert variant="error">
                    {errorMessage(
                      detail.error,
                      'Failed to fetch the report',
                      'An error occurred while fetching the report',
                    )}
                  </Alert>
                  <Button variant="outline" onClick={() => void detail.refetch()}>
                    Retry
                  </Button>
                </div>
              ) : (
                <div role="status" className="space-y-2">
                  <span className="sr-only">Loading activity...</span>
                  {Array.from({ length: 4 }, (_, i) => (
                    <Skeleton key={i} className="h-10 w-full" />
                  ))}
                </div>
              )}
            </section>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
