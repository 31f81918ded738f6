/** Small conversions of values read from the database or the request, shared by the modules. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path `{id}` can be a record's `_id` at all (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A timestamp as the API writes it: ISO-8601 in UTC, to the millisecond. */
export function toIso(value: Date): string {
  return value.toISOString();
}

export function toIsoOrNull(value: Date | null): string | null {
  return value === null ? null : toIso(value);
}
