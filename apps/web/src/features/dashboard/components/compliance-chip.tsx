import type { ComplianceState } from '@ctn/contracts/rewards';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatAgo, countOf } from '@/lib/format';

/**
 * The compliance state in a word beside the balances: "Compliant · checked 2 h ago", or
 * "Earnings locked" with how many reasons (the banner above lists them).
 */
export function ComplianceChip({ compliance }: { compliance: ComplianceState }) {
  const locked = compliance.locked;
  const Icon = locked ? ShieldAlert : ShieldCheck;
  const text = locked
    ? `Earnings locked · ${countOf(compliance.reasons.length, 'reason')}`
    : compliance.checkedAt
      ? `Compliant · checked ${formatAgo(compliance.checkedAt)}`
      : 'Compliant · not checked yet';
  return (
    <span
      data-testid="compliance-chip"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        locked
          ? 'bg-danger-soft text-danger-soft-fg ring-red-500/25'
          : 'bg-success-soft text-success-soft-fg ring-emerald-500/25',
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </span>
  );
}
