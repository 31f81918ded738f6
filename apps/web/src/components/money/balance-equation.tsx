import type { RewardStats } from '@ctn/contracts/rewards';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatExactMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

type Figures = Pick<
  RewardStats,
  | 'currentBalance'
  | 'pendingWithdrawals'
  | 'lockedBalance'
  | 'heldBalance'
  | 'totalWithdrawn'
  | 'forfeited'
  | 'totalRewards'
>;

interface Term {
  label: string;
  value: number;
  hint: string | null;
}

/** Micro-USDT of an amount, so the sum is checked in integers (amounts carry 6 decimals). */
const micro = (usdt: number) => Math.round(usdt * 1_000_000);

function termsOf(stats: Figures): Term[] {
  const terms: Term[] = [
    { label: 'Available', value: stats.currentBalance, hint: null },
    {
      label: 'Pending withdrawal',
      value: stats.pendingWithdrawals,
      hint: stats.pendingWithdrawals > 0 ? 'Held while it is reviewed' : null,
    },
    {
      label: 'Locked',
      value: stats.lockedBalance,
      hint: stats.lockedBalance > 0 ? 'Held until you are compliant' : null,
    },
  ];
  // Credits held while a downline member's exchange link is reviewed: rare, so shown when any.
  if (stats.heldBalance > 0)
    terms.push({
      label: 'Held for review',
      value: stats.heldBalance,
      hint: "Until an administrator checks a network member's exchange account",
    });
  terms.push({ label: 'Withdrawn', value: stats.totalWithdrawn, hint: null });
  // Forfeiture is rare; a zero term would only lengthen the sum.
  if (stats.forfeited > 0)
    terms.push({ label: 'Forfeited', value: stats.forfeited, hint: 'Locked for over 30 days' });
  return terms;
}

/**
 * Where every earned USDT is now: available + pending withdrawal + locked (+ held for review)
 * + withdrawn (+ forfeited) = total earned, the ledger's own invariant (docs/architecture.md,
 * `npm run ledger:verify`) shown to the member. Figures that do not add up are said so, never hidden.
 */
export function BalanceEquation({
  stats,
  title = 'How your earnings add up',
}: {
  stats: Figures;
  title?: string;
}) {
  const terms = termsOf(stats);
  const adds = terms.reduce((sum, t) => sum + micro(t.value), 0) === micro(stats.totalRewards);
  return (
    <Card className="p-4 sm:p-5">
      <h3 id="balance-equation-title" className="text-sm font-semibold text-fg">
        {title}
      </h3>
      <dl
        aria-labelledby="balance-equation-title"
        className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))]"
        data-testid="balance-equation"
      >
        {terms.map((term, i) => (
          <Row key={term.label} operator={i === 0 ? null : '+'} {...term} />
        ))}
        <Row operator="=" label="Total earned" value={stats.totalRewards} hint={null} total />
      </dl>
      {adds ? null : (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          These figures do not add up. Please{' '}
          <Link to={paths.support} className="underline underline-offset-4">
            contact support
          </Link>
          .
        </p>
      )}
      <p className="mt-3 text-xs text-fg-subtle">All amounts in USDT.</p>
    </Card>
  );
}

function Row({
  operator,
  label,
  value,
  hint,
  total,
}: Term & { operator: '+' | '=' | null; total?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-3 sm:block',
        total && 'border-t border-border pt-2 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4',
      )}
    >
      <dt className="flex items-baseline gap-1.5 text-fg-muted">
        <span aria-hidden="true" className="w-3 font-semibold text-fg-subtle">
          {operator}
        </span>
        {label}
      </dt>
      <dd className="text-right sm:pl-[1.125rem] sm:text-left">
        <span className={cn('font-semibold text-fg tabular-nums', total && 'font-bold')}>
          {formatExactMoney(value)}
        </span>
        {hint ? <span className="block text-xs text-fg-subtle">{hint}</span> : null}
      </dd>
    </div>
  );
}
