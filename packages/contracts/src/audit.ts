import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './constants';

/** The audit log of administrator actions and sign-ins (beyond the spec; admin-only). */

export const AUDIT_ACTIONS = [
  'ADMIN_SIGN_IN',
  'USER_STATUS_CHANGED',
  'USER_DELETED',
  'REWARD_CYCLE_PREPARED',
  'REWARD_CYCLE_CORRECTION_PREPARED',
  'REWARD_CYCLE_RUN',
  'REWARD_CYCLE_DISCARDED',
  'SETTINGS_UPDATED',
  'WITHDRAWAL_REVIEWED',
  'WITHDRAWAL_HASH_ADDED',
  'COMPLIANCE_HOLD_ACKNOWLEDGED',
  'UID_CLAIM_RESOLVED',
  'COMPLIANCE_RUN',
  /** The compliance mode switched; `before` and `after` are {mode}. */
  'COMPLIANCE_MODE_CHANGED',
  'ADMIN_PASSWORD_CHANGED',
  /** A CSV export of an admin list; `after` is {list, filters, rows}. */
  'DATA_EXPORTED',
  /** A reconciliation report run by hand; `after` is {reportId, differences}. */
  'RECONCILIATION_RUN',
  /** "Rescan from block N"; `after` is {fromBlock, toBlock}. */
  'CHAIN_RESCAN_REQUESTED',
  /** A test mail from Admin Settings; `after` is {to, accepted, answer}. */
  'MAIL_TEST_SENT',
  /** The owner's "Not me? Freeze my account" lifted; `before` is {until, reason}. */
  'WITHDRAWAL_FREEZE_LIFTED',
  /** A member's second factor removed (admin user detail, or the server's reset script); `after` holds the checks made. */
  'TWO_FACTOR_RESET',
  /** A risk-center signal marked reviewed; `target` is {risk-signal, key}. */
  'RISK_SIGNAL_REVIEWED',
  /** A proof of liabilities built by hand; `after` is {root, totalMicroUsdt, leafCount}. */
  'PROOF_BUILT',
  /** A marketing claim confirmed as substantiated (shown from now on); `after` is {parts}. */
  'CLAIM_CONFIRMED',
  /** A claim's confirmation withdrawn (hidden again); `before` is {parts, confirmedBy, confirmedAt}. */
  'CLAIM_UNCONFIRMED',
  /** A flagged UID link cleared: its held credits released; `after` is {released, recipients}. */
  'UID_REVIEW_CLEARED',
  /** A flagged UID link rejected: the UID unlinked, its held credits forfeited. */
  'UID_REVIEW_REJECTED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  /** An administrator's email (or part of it). */
  actor: z.string().trim().max(254).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
