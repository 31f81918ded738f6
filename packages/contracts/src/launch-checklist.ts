import { z } from 'zod';

/**
 * One line of the launch checklist (`npm run preflight` and the admin dashboard's card, decision
 * 042): `ok`, `warn` (printed, passes) or `fail` (exit 1), the variable to change, and what was
 * found, never a secret's value.
 */
export const checkResultSchema = z.object({
  /** What was checked: "database", "chain finalized tag", "hot wallet BNB"... */
  check: z.string(),
  state: z.enum(['ok', 'warn', 'fail']),
  /** The environment variable at fault or concerned; null when none is. */
  variable: z.string().nullable(),
  /** What was found, in one line: "node answers 97, expected 56". */
  found: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
export type CheckState = CheckResult['state'];

/** GET /api/admin/launch-checklist */
export const launchChecklistSchema = z.object({
  results: z.array(checkResultSchema),
  /** When these results were read (they are kept briefly: peers are not asked on every view). */
  checkedAt: z.string(),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;

export const launchChecklistQuerySchema = z.object({
  /** "Check again": run the checks now unless they ran in the last few seconds. */
  fresh: z.enum(['true', 'false']).optional(),
});
