/**
 * What members see of people deeper in their network (issue 18): a member knows the people they
 * invited, not the addresses of everyone those people invited. Administrators see everything.
 */

/** `ada.lovelace@example.com` -> `a***e@example.com`; a short local part keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const kept = local.length > 2 ? `${local[0]}***${local.at(-1)}` : `${local[0]}***`;
  return `${kept}${email.slice(at)}`;
}

/** A member's email as a member at `level` below them may read it: in full at level 1 only. */
export const emailForLevel = (email: string, level: number): string =>
  level <= 1 ? email : maskEmail(email);

// Names follow one rule, shared with the web: packages/contracts/src/names.ts (decision 050).
export { lastNameForLevel, nameForLevel, shortName } from '@ctn/contracts/names';
