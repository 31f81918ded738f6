/** Days of charts: the server groups by UTC day, so days are `yyyy-mm-dd` in UTC. */

/** `yyyy-mm-dd` of an instant, in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2025-03-04` -> `Mar 4, 2025`, in UTC so that no time zone shifts the day back. */
export function formatUtcDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00.000Z`));
}
