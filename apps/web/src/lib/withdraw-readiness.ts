import type { RewardStats } from '@ctn/contracts/rewards';

export type WithdrawReadiness =
  | { canWithdraw: true; reason: null; hint: string }
  | { canWithdraw: false; reason: string; hint: string };

/** Texts of why Request Withdrawal is unavailable, the same on every page that shows money. */
export const WITHDRAW_BLOCKED = {
  locked: 'Withdrawals are paused while your earnings are locked.',
  pending: 'A withdrawal is awaiting review. Wait for it, or cancel it to change it.',
  empty: 'There is nothing to withdraw yet.',
} as const;

/**
 * Whether the member can ask for a withdrawal now, by the same rules the server applies
 * (DESIGN.md section 4): never while earnings are locked, one pending request at a time, and
 * only with a balance. Unknown figures (a failed load) never read as ready.
 */
export function withdrawReadiness(
  stats: Pick<RewardStats, 'currentBalance' | 'pendingWithdrawals' | 'compliance'> | undefined,
): WithdrawReadiness {
  if (!stats) return { canWithdraw: false, reason: WITHDRAW_BLOCKED.empty, hint: 'Not known' };
  if (stats.compliance.locked)
    return { canWithdraw: false, reason: WITHDRAW_BLOCKED.locked, hint: 'Withdrawals paused' };
  if (stats.pendingWithdrawals > 0)
    return { canWithdraw: false, reason: WITHDRAW_BLOCKED.pending, hint: 'One request in review' };
  if (stats.currentBalance <= 0)
    return { canWithdraw: false, reason: WITHDRAW_BLOCKED.empty, hint: 'Nothing to withdraw yet' };
  return { canWithdraw: true, reason: null, hint: 'Ready to withdraw' };
}
