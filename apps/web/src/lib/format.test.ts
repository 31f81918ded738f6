import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatAgo,
  formatDate,
  formatDateTime,
  formatExactUsdt,
  formatMoney,
  formatUsd,
  formatUsdt,
  initials,
  shortenAddress,
  shortenHash,
} from './format';

describe('format', () => {
  it('shows money with 2 decimals and 0.00 when missing', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0.005)).toBe('0.00');
    expect(formatMoney(62.43883)).toBe('62.43');
    expect(formatUsd(-0.005)).toBe('-$0.01');
    expect(formatExactUsdt(62.43883)).toBe('62.43883 USDT');
    expect(formatExactUsdt(0.000001)).toBe('0.000001 USDT');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
    expect(formatMoney('12')).toBe('12.00');
    expect(formatUsd(-3)).toBe('-$3.00');
    expect(formatUsd(10)).toBe('$10.00');
    expect(formatUsdt(2.5)).toBe('2.50 USDT');
  });

  it('shows dates in en-US and a dash when missing or invalid', () => {
    expect(formatDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime(new Date(2025, 0, 5, 15, 4))).toBe('Jan 5, 2025, 3:04 PM');
  });

  it('shortens addresses (6 + 4) and hashes (10 + 4)', () => {
    expect(shortenAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...9EE7');
    expect(shortenHash('0xabcdef0123456789abcdef0123456789')).toBe('0xabcdef01...6789');
    expect(shortenAddress('short')).toBe('short');
    expect(shortenAddress(null)).toBe('');
  });

  it('counts with the noun in its number', () => {
    expect(countOf(1, 'reward')).toBe('1 reward');
    expect(countOf(0, 'reward')).toBe('0 rewards');
    expect(countOf(12, 'entry', 'entries')).toBe('12 entries');
  });

  it('makes initials', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials('', '')).toBe('?');
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2025-03-04T12:00:00.000Z');
  it('says how long ago in the largest sensible unit', () => {
    expect(formatAgo('2025-03-04T11:59:40.000Z', now)).toBe('just now');
    expect(formatAgo('2025-03-04T11:55:00.000Z', now)).toBe('5 min ago');
    expect(formatAgo('2025-03-04T10:00:00.000Z', now)).toBe('2 h ago');
    expect(formatAgo('2025-02-28T12:00:00.000Z', now)).toBe('4 days ago');
    expect(formatAgo(null, now)).toBe('-');
  });
});
