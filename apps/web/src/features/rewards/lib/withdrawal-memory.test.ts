import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetOpenCode,
  lastAddress,
  openCode,
  rememberAddress,
  rememberOpenCode,
} from './withdrawal-memory';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const open = (expiresAt: string) => ({
  draft: { amount: 12.5, walletAddress: ADDRESS },
  otp: { expiresAt, resendAvailableAt: expiresAt },
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('withdrawal memory', () => {
  it('remembers the last address for its member only', () => {
    expect(lastAddress('u1')).toBe('');
    rememberAddress('u1', ADDRESS);
    expect(lastAddress('u1')).toBe(ADDRESS);
    expect(lastAddress('u2')).toBe('');
  });

  it('keeps the open code while it can be used, for its member only, until forgotten', () => {
    const now = Date.parse('2025-03-04T10:00:00.000Z');
    rememberOpenCode('u1', open('2025-03-04T10:05:00.000Z'));
    expect(openCode('u1', now)?.draft.amount).toBe(12.5);
    expect(openCode('u2', now)).toBeNull();
    expect(openCode('u1', Date.parse('2025-03-04T10:05:00.000Z'))).toBeNull();
    forgetOpenCode();
    expect(openCode('u1', now)).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('withdrawal.openCode', '{not json');
    localStorage.setItem('withdrawal.lastAddress', '"bare"');
    expect(openCode('u1')).toBeNull();
    expect(lastAddress('u1')).toBe('');
  });
});
