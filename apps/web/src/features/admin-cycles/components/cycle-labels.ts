import type {
  CYCLE_PHASES,
  CYCLE_SKIP_REASONS,
  CycleSource,
  CycleStatus,
  CycleSummary,
} from '@ctn/contracts/cycles';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatDay } from '@/lib/admin/format';

/** How the cycle screens word the contracts' codes. */

export const SOURCE_LABELS: Record<CycleSource, string> = {
  EXCHANGE: 'BingX commission data',
  CSV: 'CSV upload',
};

export const STATUS_BADGES: Record<CycleStatus, BadgeVariant> = {
  DRAFT: 'neutral',
  RUNNING: 'info',
  COMPLETED: 'success',
  FAILED: 'danger',
};

export const SKIP_REASON_LABELS: Record<(typeof CYCLE_SKIP_REASONS)[number], string> = {
  DISABLED: 'Account disabled',
  PLATFORM_ACCOUNT: 'Platform account',
  BELOW_ONE_MICRO: 'Amount rounds to zero',
};

export const PHASE_LABELS: Record<(typeof CYCLE_PHASES)[number], string> = {
  QUEUED: 'Queued',
  CREDITING: 'Crediting balances',
  DONE: 'Finishing',
};

/** `#3`, or `Draft` before the run gives the cycle its number. */
export function cycleName(cycle: Pick<CycleSummary, 'number'>): string {
  return cycle.number === null ? 'Draft' : `#${cycle.number}`;
}

export function periodText(cycle: Pick<CycleSummary, 'periodStart' | 'periodEnd'>): string {
  return `${formatDay(cycle.periodStart)} – ${formatDay(cycle.periodEnd)}`;
}
