/**
 * Whether a database error is a unique violation (SQLSTATE 23505), optionally of one constraint.
 * drizzle wraps the driver's error in `cause`; PGlite and pg both carry `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const e = cause as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return false;
  return (
    constraint === undefined ||
    e.constraint === constraint ||
    (e.message ?? '').includes(constraint)
  );
}
