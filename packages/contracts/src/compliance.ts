import { z } from 'zod';

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
});
export type ComplianceRunResult = z.infer<typeof complianceRunResultSchema>;

/** One compliance run as administrators see it. */
export const complianceRunViewSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  status: z.enum(['APPLIED', 'HELD']),
  linkedMembers: z.number().int(),
  newlyLocked: z.number().int(),
  unknownMembers: z.number().int(),
  copyingMembers: z.number().int().nullable(),
  reason: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export type ComplianceRunView = z.infer<typeof complianceRunViewSchema>;

/** GET /api/admin/compliance/status: the last run, and a held run waiting to be acknowledged. */
export const complianceStatusSchema = z.object({
  lastRun: complianceRunViewSchema.nullable(),
  heldRun: complianceRunViewSchema.nullable(),
});
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;
