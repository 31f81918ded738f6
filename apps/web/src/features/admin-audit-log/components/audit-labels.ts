import type { AuditAction } from '@ctn/contracts/audit';
import type { BadgeVariant } from '@/components/ui/badge';
import { paths } from '@/lib/paths';

/** How each audit action reads on the audit log page. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  ADMIN_SIGN_IN: 'Admin sign-in',
  USER_STATUS_CHANGED: 'User status changed',
  USER_DELETED: 'User deleted',
  REWARD_CYCLE_PREPARED: 'Reward cycle prepared',
  REWARD_CYCLE_CORRECTION_PREPARED: 'Correction cycle prepared (overlapping period)',
  REWARD_CYCLE_RUN: 'Reward cycle run',
  REWARD_CYCLE_DISCARDED: 'Reward cycle discarded',
  SETTINGS_UPDATED: 'Settings updated',
  WITHDRAWAL_REVIEWED: 'Withdrawal reviewed',
  WITHDRAWAL_HASH_ADDED: 'Payment hash added to an approved withdrawal',
  COMPLIANCE_HOLD_ACKNOWLEDGED: 'Held compliance run acknowledged',
  UID_CLAIM_RESOLVED: 'BingX UID claim resolved',
  DATA_EXPORTED: 'Data exported',
  COMPLIANCE_RUN: 'Compliance check run',
  COMPLIANCE_MODE_CHANGED: 'Compliance mode changed',
  ADMIN_PASSWORD_CHANGED: 'Admin password changed',
  RECONCILIATION_RUN: 'Reconciliation run',
  CHAIN_RESCAN_REQUESTED: 'Chain rescan requested',
  MAIL_TEST_SENT: 'Test mail sent',
  WITHDRAWAL_FREEZE_LIFTED: 'Withdrawal freeze lifted',
  TWO_FACTOR_RESET: 'Second factor reset',
  RISK_SIGNAL_REVIEWED: 'Risk signal marked reviewed',
  PROOF_BUILT: 'Proof of liabilities built',
  CLAIM_CONFIRMED: 'Claim confirmed as substantiated',
  CLAIM_UNCONFIRMED: 'Claim confirmation withdrawn',
  UID_REVIEW_CLEARED: 'Flagged UID link cleared (held credits released)',
  UID_REVIEW_REJECTED: 'Flagged UID link rejected (UID unlinked, held credits forfeited)',
};

const ACTION_VARIANTS: Readonly<Record<string, BadgeVariant>> = {
  ADMIN_SIGN_IN: 'info',
  USER_STATUS_CHANGED: 'warning',
  USER_DELETED: 'danger',
  REWARD_CYCLE_PREPARED: 'purple',
  REWARD_CYCLE_CORRECTION_PREPARED: 'warning',
  REWARD_CYCLE_RUN: 'success',
  REWARD_CYCLE_DISCARDED: 'neutral',
  SETTINGS_UPDATED: 'warning',
  WITHDRAWAL_REVIEWED: 'primary',
  WITHDRAWAL_HASH_ADDED: 'primary',
  COMPLIANCE_HOLD_ACKNOWLEDGED: 'warning',
  UID_CLAIM_RESOLVED: 'warning',
  COMPLIANCE_RUN: 'info',
  COMPLIANCE_MODE_CHANGED: 'warning',
  ADMIN_PASSWORD_CHANGED: 'warning',
  DATA_EXPORTED: 'info',
  RECONCILIATION_RUN: 'info',
  CHAIN_RESCAN_REQUESTED: 'warning',
  MAIL_TEST_SENT: 'info',
  WITHDRAWAL_FREEZE_LIFTED: 'warning',
  TWO_FACTOR_RESET: 'warning',
  UID_REVIEW_CLEARED: 'success',
  UID_REVIEW_REJECTED: 'danger',
};

/** The label of an action; one this page does not know yet reads `SOME_ACTION` -> `Some action`. */
export function actionLabel(action: string): string {
  const known = (AUDIT_ACTION_LABELS as Readonly<Record<string, string>>)[action];
  if (known) return known;
  const words = action.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actionVariant(action: string): BadgeVariant {
  return ACTION_VARIANTS[action] ?? 'neutral';
}

/** The admin page of a target, when it has one: a user, a withdrawal or a reward cycle. */
export function targetPath(type: string | null, id: string | null): string | null {
  if (!type || !id) return null;
  if (type === 'user') return paths.admin.user(id);
  if (type === 'withdrawal') return paths.admin.withdrawal(id);
  if (type === 'reward_cycle' || type === 'cycle') return paths.admin.cycle(id);
  return null;
}

/** `reward_cycle` -> `Reward cycle`. */
export function targetTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
