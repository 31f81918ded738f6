import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './constants';
import { LOCK_REASONS } from './rewards';

/**
 * How the daily compliance check acts (decision 038): `shadow` decides and records what it would
 * do and changes nothing a member owns or receives; `enforce` applies it.
 */
export const COMPLIANCE_MODES = ['shadow', 'enforce'] as const;
export type ComplianceMode = (typeof COMPLIANCE_MODES)[number];
export const complianceModeSchema = z.enum(COMPLIANCE_MODES, {
  error: 'mode must be shadow or enforce',
});

/**
 * POST /api/admin/compliance/run (beyond the spec; admin-only): what one pass of the daily
 * compliance check did (DESIGN.md section 4 "Compliance"). Counts of members.
 */
export const complianceRunResultSchema = z.object({
  /** Members evaluated and marked checked. */
  checked: z.number().int().min(0),
  /** Newly locked (each got the lock mail). */
  locked: z.number().int().min(0),
  /** Unlocked, or whose locked funds moved to available. */
  released: z.number().int().min(0),
  /** Whose locked funds were forfeited in this pass. */
  forfeited: z.number().int().min(0),
  /** Day 7, 21 and 28 reminder mails sent. */
  reminders: z.number().int().min(0),
  /** Left unchanged because the exchange gave nothing usable for them (tried the next day). */
  exchangeErrors: z.number().int().min(0),
  /** The run looked implausible and applied nothing (administrators were alerted). */
  held: z.boolean(),
  heldReason: z.string().optional(),
  /** shadow: the counts above are what the run would have done; nothing was changed. */
  mode: complianceModeSchema,
  /**
   * Members showing no copy-trading volume whose COPYING_STOPPED was not applied, because no
   * linked member has ever shown any (decision 038); 0 when the rule applied.
   */
  copyingHeld: z.number().int().min(0),
});
export type ComplianceRunResult = z.infer<typeof complianceRunResultSchema>;

/** One compliance run as administrators see it. */
export const complianceRunViewSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  /** SHADOW: decided and recorded only; `reason` then says why an enforced run would be held. */
  status: z.enum(['APPLIED', 'HELD', 'SHADOW']),
  linkedMembers: z.number().int(),
  newlyLocked: z.number().int(),
  unknownMembers: z.number().int(),
  copyingMembers: z.number().int().nullable(),
  /** Members whose COPYING_STOPPED was held back (no copying evidence yet); null: none. */
  copyingHeld: z.number().int().nullable(),
  reason: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export type ComplianceRunView = z.infer<typeof complianceRunViewSchema>;

/** What a shadow run decided, one row per member it would act on. */
export const COMPLIANCE_ACTIONS = [
  'LOCK',
  'REMIND',
  'FORFEIT',
  'RELEASE',
  /** An exchange condition seen for the first time: it locks when seen again a day later. */
  'CONCERN',
  /** The exchange gave nothing usable: the member would be left as they are. */
  'UNKNOWN',
] as const;
export type ComplianceAction = (typeof COMPLIANCE_ACTIONS)[number];

/** Members per action of one shadow run, and the USDT it would move. */
export const shadowFiguresSchema = z.object({
  lock: z.number().int(),
  remind: z.number().int(),
  forfeit: z.number().int(),
  release: z.number().int(),
  concern: z.number().int(),
  unknown: z.number().int(),
  /** USDT that would be forfeited. */
  forfeitAmount: z.number(),
  /** USDT that would move from locked to available. */
  releaseAmount: z.number(),
});
export type ShadowFigures = z.infer<typeof shadowFiguresSchema>;

export const shadowRunSchema = complianceRunViewSchema.extend({ figures: shadowFiguresSchema });
export type ShadowRun = z.infer<typeof shadowRunSchema>;

/** GET /api/admin/compliance/status */
export const complianceStatusSchema = z.object({
  lastRun: complianceRunViewSchema.nullable(),
  /** A run held as implausible (nothing applied), until acknowledged. */
  heldRun: complianceRunViewSchema.nullable(),
  mode: z.object({
    /** The mode the next run uses. */
    effective: complianceModeSchema,
    /** The saved setting (what applies when COMPLIANCE_MODE is not set). */
    stored: complianceModeSchema,
    /** COMPLIANCE_MODE is set in the environment: it wins and the setting cannot be changed. */
    fromEnvironment: z.boolean(),
  }),
  lastShadowRun: shadowRunSchema.nullable(),
  /** When a linked member first showed copy-trading volume; null: never (decision 038). */
  copyingEvidenceSince: z.string().nullable(),
  /** The last run, when it held COPYING_STOPPED back for want of copying evidence. */
  copyingHold: complianceRunViewSchema.nullable(),
});
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;

/** PUT /api/admin/compliance/mode (audited). */
export const complianceModeInputSchema = z.object({ mode: complianceModeSchema });
export type ComplianceModeInput = z.infer<typeof complianceModeInputSchema>;

export const complianceDecisionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type ComplianceDecisionsQuery = z.infer<typeof complianceDecisionsQuerySchema>;

/** One member's decision in a shadow run, with what it was decided on. */
export const complianceDecisionSchema = z.object({
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  action: z.enum(COMPLIANCE_ACTIONS),
  reasons: z.array(z.enum(LOCK_REASONS)),
  /** REMIND: the reminder day (7, 21 or 28). */
  mailDay: z.number().int().nullable(),
  /** FORFEIT and RELEASE: USDT. */
  amount: z.number().nullable(),
  evidence: z.object({
    bingxUid: z.string().nullable(),
    /** The balance BingX reported, as it answered; null: not read or unreadable. */
    balanceUsdt: z.string().nullable(),
    /** Copy-trading volume in the window: true seen, false none, null unknown or not read. */
    copying: z.boolean().nullable(),
    /** Why the exchange's answer was unusable (UNKNOWN). */
    unknownReason: z.string().nullable(),
    paidUntil: z.string().nullable(),
    lockedSince: z.string().nullable(),
    concernSince: z.string().nullable(),
  }),
});
export type ComplianceDecision = z.infer<typeof complianceDecisionSchema>;

/** GET /api/admin/compliance/runs/{id}/decisions */
export const complianceDecisionsSchema = z.object({
  run: shadowRunSchema,
  decisions: z.array(complianceDecisionSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type ComplianceDecisions = z.infer<typeof complianceDecisionsSchema>;
