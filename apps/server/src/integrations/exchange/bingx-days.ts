import { DAY_MS, HOUR_MS } from '@ctn/contracts/time';
/**
 * BingX counts commission days from midnight UTC+8. A "day" here is that exchange day, written
 * yyyyMMdd; a Date stands for the day its UTC calendar date names (cycle periods are picked as
 * dates, and the exchange's day of that name is what they mean).
 */

const UTC8_MS = 8 * HOUR_MS;
/** BingX answers commission windows of at most 30 days, within the last 365. */
export const MAX_WINDOW_DAYS = 30;
export const MAX_HISTORY_DAYS = 365;

export type DayFormat = 'day' | 'ms';

export function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

/** The Date of a yyyyMMdd label (midnight UTC of that calendar date). */
export function dayOf(label: string): Date {
  return new Date(Date.UTC(+label.slice(0, 4), +label.slice(4, 6) - 1, +label.slice(6, 8)));
}

/** The exchange day (UTC+8) that the instant `at` falls on. */
export function exchangeDayAt(at: Date): string {
  return yyyymmdd(new Date(at.getTime() + UTC8_MS));
}

/** The instant an exchange day starts: its midnight in UTC+8. */
export function exchangeDayStart(label: string): number {
  return dayOf(label).getTime() - UTC8_MS;
}

/** A row's commissionTime as its exchange day: epoch ms, or already a yyyyMMdd label. */
export function dayOfCommissionTime(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{8}$/.test(value)) return value;
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isSafeInteger(ms) || ms < 1_000_000_000_000) return null;
  return exchangeDayAt(new Date(ms));
}

/** How a window's edges are sent: yyyyMMdd labels, or the first and last millisecond (UTC+8). */
export function windowParams(window: { start: string; end: string }, format: DayFormat) {
  if (format === 'day') return { startTime: window.start, endTime: window.end };
  return {
    startTime: exchangeDayStart(window.start),
    endTime: exchangeDayStart(window.end) + DAY_MS - 1,
  };
}

/**
 * Splits an inclusive range of days into windows of at most 30 days. Refuses, before any call,
 * a range that ends before it starts or reaches further back than BingX keeps (365 days).
 */
export function windowsOf(
  from: Date,
  to: Date,
  now = new Date(),
): { start: string; end: string }[] {
  const first = dayOf(yyyymmdd(from)).getTime();
  const last = dayOf(yyyymmdd(to)).getTime();
  if (last < first) throw new RangeError('the range ends before it starts');
  const oldest = dayOf(exchangeDayAt(now)).getTime() - (MAX_HISTORY_DAYS - 1) * DAY_MS;
  if (first < oldest)
    throw new RangeError(
      `BingX keeps commission data for ${MAX_HISTORY_DAYS} days: ${yyyymmdd(from)} is older`,
    );
  const windows: { start: string; end: string }[] = [];
  for (let start = first; start <= last; start += MAX_WINDOW_DAYS * DAY_MS) {
    const end = Math.min(last, start + (MAX_WINDOW_DAYS - 1) * DAY_MS);
    windows.push({ start: yyyymmdd(new Date(start)), end: yyyymmdd(new Date(end)) });
  }
  return windows;
}
