import { WITHDRAWAL_STATUSES } from '@ctn/contracts/constants';
import { formatUsd, shorten } from '@/lib/format';

/** Admin display helpers on top of `@/lib/format`. */

/** The dash of a value that is absent: no cycle, not completed yet, a bucket not moved. */
export const NONE = '—';

/** `#3`, or the dash for a reward no cycle paid (a DIRECT reward comes from a payment). */
export function cycleText(cycle: number | null): string {
  return cycle === null ? NONE : `#${cycle}`;
}

/** `BLOCKED_COMPLIANCE` -> `BLOCKED COMPLIANCE`. */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** The withdrawal statuses as a filter's options, worded as the lists show them. */
export const WITHDRAWAL_STATUS_OPTIONS = WITHDRAWAL_STATUSES.map((status) => ({
  value: status,
  label: statusText(status),
}));

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * `2025-03-01` -> `Mar 1, 2025`. A period day is a UTC calendar day: formatting it in the local
 * zone would show the day before west of Greenwich.
 */
export function formatDay(value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** `65_000` -> `1 min 5 s`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** `YYYY-MM-DD` of a UTC day. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Transaction hashes on admin lists: the first 10 and last 8 characters (admin section 9). */
export const shortenListHash = (hash: string) => shorten(hash, 10, 8);

/** Wallets on the admin user detail: the first 10 and last 6 characters (admin section 9). */
export const shortenDetailWallet = (address: string) => shorten(address, 10, 6);

/** A ledger delta: `+$5.00`, `-$5.00`, or a dash for a bucket the entry did not move. */
export function formatDelta(value: number): string {
  if (value === 0) return NONE;
  return value > 0 ? `+${formatUsd(value)}` : formatUsd(value);
}
