import { LOCK_REASON_TEXT, type RewardStats } from '@ctn/contracts/rewards';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatUsdt, countOf } from '@/lib/format';
import { paths } from '@/lib/paths';

type ComplianceFigures = Pick<RewardStats, 'compliance' | 'lockedBalance' | 'forfeited'>;

function daysLeftText(days: number): string {
  return `${countOf(days, 'day')} left before locked earnings are forfeited`;
}

/**
 * Shown while the member's earnings are locked (DESIGN.md section 4): why, how much is held,
 * since when, and how long is left before the held earnings are forfeited.
 */
export function ComplianceBanner({ stats }: { stats: ComplianceFigures }) {
  const { compliance, lockedBalance, forfeited } = stats;
  if (!compliance.locked) return null;
  return (
    <section
      aria-labelledby="compliance-title"
      className="space-y-3 rounded-2xl border border-red-500/25 bg-danger-soft p-4 text-danger-soft-fg sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h2 id="compliance-title" className="font-semibold">
            Your earnings are locked
          </h2>
          <p className="text-sm">
            New rewards are held and withdrawals are paused until this is resolved:
          </p>
          {compliance.reasons.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5 text-sm">
              {compliance.reasons.map((reason) => (
                <li key={reason}>{LOCK_REASON_TEXT[reason]}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 sm:pl-8 lg:grid-cols-4">
        <div>
          <dt className="text-xs tracking-wide uppercase opacity-80">Locked balance</dt>
          <dd className="text-lg font-bold tabular-nums">{formatUsdt(lockedBalance)}</dd>
        </div>
        {compliance.lockedSince ? (
          <div>
            <dt className="sr-only">Since</dt>
            <dd>Locked since {formatDate(compliance.lockedSince)}</dd>
          </div>
        ) : null}
        {compliance.daysLeft !== null ? (
          <div>
            <dt className="sr-only">Time left</dt>
            <dd>
              <span className="font-semibold">{daysLeftText(compliance.daysLeft)}</span>
              {compliance.forfeitsAt ? (
                <span className="block text-xs opacity-80">
                  on {formatDate(compliance.forfeitsAt)}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {forfeited > 0 ? (
          <div>
            <dt className="text-xs tracking-wide uppercase opacity-80">Forfeited so far</dt>
            <dd className="font-semibold tabular-nums">{formatUsdt(forfeited)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm sm:pl-8">
        Questions?{' '}
        <Link to={paths.support} className="font-semibold underline underline-offset-4">
          Contact support
        </Link>
      </p>
    </section>
  );
}
