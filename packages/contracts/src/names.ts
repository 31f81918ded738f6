/**
 * How the product names a member to other members (decision 050), one rule for every page and
 * answer: a member knows the people they invited (level 1) by their full name; everyone deeper,
 * and a referrer to the people who used their code, reads as `Alex M.`. Administrators see
 * everything.
 */

/** `Alex`, `Morgan` -> `Alex M.`; no last name -> `Alex`. */
export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

/** The last name as a member at `level` below may read it: in full at level 1, else `M.`. */
export function lastNameForLevel(lastName: string, level: number): string {
  if (level <= 1) return lastName.trim();
  const initial = lastName.trim().charAt(0);
  return initial ? `${initial.toUpperCase()}.` : '';
}

/** The name as a member at `level` below may read it: `Alex Morgan` at level 1, else `Alex M.`. */
export const nameForLevel = (firstName: string, lastName: string, level: number): string =>
  `${firstName.trim()} ${lastNameForLevel(lastName, level)}`.trim();
