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
  /** Left unchanged because the exchange did not answer for them (retried the next day). */
  exchangeErrors: z.number().int().min(0),
});
export type ComplianceRunResult = z.infer<typeof complianceRunResultSchema>;
