import type {
  CYCLE_PHASES,
  CYCLE_SKIP_REASONS,
  CycleSource,
  CycleStatus,
  CycleSummary,
} from '@ctn/contracts/cycles';
import { LOCK_REASONS, type LockReason } from '@ctn/contracts/rewards';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatDay } from '../../lib/format';

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

/** The admin's wording; LOCK_REASON_TEXT speaks to the member ("Your ..."). */
const LOCK_REASON_LABELS: Record<LockReason, string> = {
  LOW_BALANCE: 'BingX balance below 100 USDT',
  COPYING_STOPPED: 'Copy trading stopped',
  SUBSCRIPTION_LAPSED: 'Subscription expired',
  EXCHANGE_NOT_LINKED: 'BingX account not linked',
  ACCOUNT_LOCKED: 'Account locked',
};

const isLockReason = (value: string): value is LockReason =>
  (LOCK_REASONS as readonly string[]).includes(value);

/** The statement's lock reason is a plain string: an unknown one is shown as sent. */
export function lockReasonLabel(reason: string): string {
  return isLockReason(reason) ? LOCK_REASON_LABELS[reason] : reason;
}

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
