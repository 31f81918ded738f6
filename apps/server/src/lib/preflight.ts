import type { CheckResult, CheckState } from '@ctn/contracts/launch-checklist';

/**
 * A launch check (decision 042): `npm run preflight` and the admin dashboard's launch checklist
 * run the same list. A check reads and never writes; it answers one or more lines, and a check
 * that throws is one `fail` line naming its variable, so nothing it meets stops the others.
 */
export interface PreflightCheck {
  /** The line's label when the check throws ("database", "chain"...). */
  name: string;
  /** The variable named when the check throws. */
  variable: string | null;
  run(): Promise<CheckResult[]>;
}

export const ok = (check: string, variable: string | null, found: string): CheckResult => ({
  check,
  state: 'ok',
  variable,
  found,
});
export const warn = (check: string, variable: string | null, found: string): CheckResult => ({
  check,
  state: 'warn',
  variable,
  found,
});
export const fail = (check: string, variable: string | null, found: string): CheckResult => ({
  check,
  state: 'fail',
  variable,
  found,
});

/** A one-line reason from anything thrown. */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).slice(0, 300);
}

/** Runs every check side by side; the lines in the order of the checks. */
export async function runChecks(checks: readonly PreflightCheck[]): Promise<CheckResult[]> {
  const lines = await Promise.all(
    checks.map((c) => c.run().catch((err: unknown) => [fail(c.name, c.variable, reasonOf(err))])),
  );
  return lines.flat();
}

const LABEL: Record<CheckState, string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };

/** `FAIL CHAIN_ID: node answers 97, expected 56 (chain identity)`: one line per result. */
export function formatResult(result: CheckResult): string {
  const subject = result.variable ?? result.check;
  const label = result.variable ? ` (${result.check})` : '';
  return `${LABEL[result.state]} ${subject}: ${result.found}${label}`;
}
