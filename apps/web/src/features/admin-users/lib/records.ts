/** Reading the loosely typed reward and withdrawal records of the user detail. */

export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function num(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** `{firstName, lastName}` -> `First Last`, or '' when absent. */
export function personName(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const v = value as Record<string, unknown>;
  return `${str(v.firstName)} ${str(v.lastName)}`.trim();
}
