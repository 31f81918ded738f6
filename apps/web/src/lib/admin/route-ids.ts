/**
 * Whether a route's `:id` can be a record id (`_id` is a UUID). Anything else is refused on the
 * page, before a call the server could only answer with a 400.
 */
const VALID_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidId(id: string): boolean {
  return VALID_ID.test(id);
}
