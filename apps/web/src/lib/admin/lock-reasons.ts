import { LOCK_REASONS, type LockReason } from '@ctn/contracts/rewards';

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

/**
 * Why a member's earnings are locked, for a cycle's statement and a withdrawal's review. The
 * reason arrives as a plain string: an unknown one is shown as sent.
 */
export function lockReasonLabel(reason: string): string {
  return isLockReason(reason) ? LOCK_REASON_LABELS[reason] : reason;
}
