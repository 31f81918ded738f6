/** Small conversions of values read from the database or the request, shared by the modules. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path `{id}` can be a record's `_id` at all (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A timestamp as the API writes it; raw SQL rows may bring it as a Date or a string. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIso(value);
}
