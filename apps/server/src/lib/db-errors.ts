/**
 * Whether a database error is a unique violation (SQLSTATE 23505), optionally of one constraint.
 * drizzle wraps the driver's error in `cause`; PGlite and pg both carry `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return isViolation(err, '23505', constraint);
}

/** Whether a database error is an exclusion-constraint violation (SQLSTATE 23P01). */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  return isViolation(err, '23P01', constraint);
}

/** Whether a database error is a CHECK violation (SQLSTATE 23514), optionally of one constraint. */
export function isCheckViolation(err: unknown, constraint?: string): boolean {
  return isViolation(err, '23514', constraint);
}

function isViolation(err: unknown, sqlState: string, constraint: string | undefined): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const e = cause as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== sqlState) return false;
  return (
    constraint === undefined ||
    e.constraint === constraint ||
    (e.message ?? '').includes(constraint)
  );
}
