/** Display formatting: money with 2 decimals, dates in en-US (member section 9). */

import { usdtText } from '@ctn/contracts/money-display';

const LOCALE = 'en-US';

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * `1234.5` -> `1,234.50`; missing or invalid -> `0.00`. Two decimals never round up (decision
 * 050): 62.43883 reads 62.43, what the member can take.
 */
export function formatMoney(value: number | string | null | undefined): string {
  return usdtText(toNumber(value), 'floor');
}

/** `1234.5` -> `$1,234.50` (negative: `-$1,234.51` for -1234.505, never less owed). */
export function formatUsd(value: number | string | null | undefined): string {
  const text = formatMoney(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** `1234.5` -> `1,234.50 USDT`. */
export function formatUsdt(value: number | string | null | undefined): string {
  return `${formatMoney(value)} USDT`;
}

/**
 * Every micro-USDT of an amount, for figures that must add up (statements, ledger lines):
 * `0.006` -> `0.006 USDT`, `12.5` -> `12.50 USDT` (decision 050).
 */
export function formatExactUsdt(value: number): string {
  return `${formatExactMoney(value)} USDT`;
}

/** `formatExactUsdt` without the unit, for table cells under an "Amount (USDT)" heading. */
export function formatExactMoney(value: number): string {
  return usdtText(toNumber(value), 'exact');
}

const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** `1.5` -> `1.5%`; sums of binary fractions (`0.1 + 0.2`) are rounded to the two decimals allowed. */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** The figure shown for an amount we failed to read: never 0.00 (unknown is not zero). */
export const UNKNOWN_FIGURE = '—';

/** `formatUsdt`, or `—` while the amount is not known (a failed load). */
export function formatKnownUsdt(value: number | undefined): string {
  return value === undefined ? UNKNOWN_FIGURE : formatUsdt(value);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/** `2025-01-05T15:04:00Z` -> `Jan 5, 2025`; missing or invalid -> `-`. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '-';
}

/** -> `Jan 5, 2025, 3:04 PM`; missing or invalid -> `-`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '-';
}

/** -> `3:04 PM`; missing or invalid -> `-`. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '-';
}

/** `2 h ago`, `5 min ago`, `3 days ago`, `just now`; missing or invalid -> `-`. */
export function formatAgo(value: string | number | Date | null | undefined, now = Date.now()) {
  const date = toDate(value);
  if (!date) return '-';
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Keeps `lead` leading and `trail` trailing characters: `0x1234…abcd` (addresses 6 + 4). */
export function shorten(value: string | null | undefined, lead = 6, trail = 4): string {
  if (!value) return '';
  if (value.length <= lead + trail + 1) return value;
  return `${value.slice(0, lead)}...${value.slice(-trail)}`;
}

export const shortenAddress = (address: string | null | undefined) => shorten(address, 6, 4);
export const shortenHash = (hash: string | null | undefined) => shorten(hash, 10, 4);

// How the product names a member to people they did not invite: one rule (decision 050).
export { shortName } from '@ctn/contracts/names';

/** `Ada`, `Lovelace` -> `AL`. */
export function initials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const a = firstName?.trim().charAt(0) ?? '';
  const b = lastName?.trim().charAt(0) ?? '';
  return `${a}${b}`.toUpperCase() || '?';
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** A count with its noun: "1 reward", "12 rewards", "3 entries" (`many` when not `one` + s). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Micro-USDT in decimal -> exact USDT: `19500000` -> `19.50 USDT`, `777001` -> `0.777001 USDT`
 * (no float on the way: a proof's figure is shown to the last micro-USDT).
 */
export function formatMicroUsdt(micro: string): string {
  const padded = micro.padStart(7, '0');
  const whole = BigInt(padded.slice(0, -6)).toLocaleString(LOCALE);
  const fraction = padded.slice(-6).replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction} USDT`;
}
