import { describe, expect, it } from 'vitest';
import {
  belowMinimumText,
  canContinue,
  canVerify,
  checkWithdrawalForm,
  minimumHint,
  otpCodeError,
  parseAmount,
  walletIndicator,
} from './withdrawal-form';

const VALID = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The same address with one letter's case flipped: the EIP-55 checksum fails. */
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const LIMITS = { balance: 125.5, minimum: 10 };

describe('withdrawal form: wallet indicator', () => {
  it('says nothing until something is typed', () => {
    expect(walletIndicator('')).toBeNull();
    expect(walletIndicator('   ')).toBeNull();
  });

  it('accepts a checksummed, an all-lower and an all-upper address, with or without 0x', () => {
    expect(walletIndicator(VALID)).toBe('valid');
    expect(walletIndicator(` ${VALID} `)).toBe('valid');
    expect(walletIndicator(VALID.toLowerCase())).toBe('valid');
    expect(walletIndicator(`0x${VALID.slice(2).toUpperCase()}`)).toBe('valid');
    expect(walletIndicator(VALID.slice(2))).toBe('valid');
  });

  it('refuses a wrong checksum, a wrong length and non-hex digits', () => {
    expect(walletIndicator(BAD_CHECKSUM)).toBe('invalid');
    expect(walletIndicator(VALID.slice(0, -1))).toBe('invalid');
    expect(walletIndicator(`${VALID}0`)).toBe('invalid');
    expect(walletIndicator('0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('invalid');
  });
});

describe('withdrawal form: Continue', () => {
  it('is disabled while busy, with an empty field or an invalid address', () => {
    expect(canContinue({ amount: '20', walletAddress: VALID }, false)).toBe(true);
    expect(canContinue({ amount: '20', walletAddress: VALID }, true)).toBe(false);
    expect(canContinue({ amount: '', walletAddress: VALID }, false)).toBe(false);
    expect(canContinue({ amount: ' ', walletAddress: VALID }, false)).toBe(false);
    expect(canContinue({ amount: '20', walletAddress: '' }, false)).toBe(false);
    expect(canContinue({ amount: '20', walletAddress: BAD_CHECKSUM }, false)).toBe(false);
    // The amount's own rules are checked on Continue, not by disabling it.
    expect(canContinue({ amount: '9999', walletAddress: VALID }, false)).toBe(true);
  });
});

describe('withdrawal form: the checks of Continue, in order', () => {
  const check = (amount: string, walletAddress: string) =>
    checkWithdrawalForm({ amount, walletAddress }, LIMITS);

  it('needs both fields first', () => {
    expect(check('', '')).toEqual({ ok: false, error: 'Please fill in all required fields' });
    expect(check('', 'nonsense')).toEqual({
      ok: false,
      error: 'Please fill in all required fields',
    });
    expect(check('20', ' ')).toEqual({ ok: false, error: 'Please fill in all required fields' });
  });

  it('then a valid address', () => {
    expect(check('0', BAD_CHECKSUM)).toEqual({
      ok: false,
      error: 'Please enter a valid wallet address',
    });
  });

  it('then an amount above 0 and not above the balance', () => {
    for (const amount of ['0', '-5', '125.51', 'abc', 'Infinity']) {
      expect(check(amount, VALID)).toEqual({ ok: false, error: 'Invalid withdrawal amount' });
    }
  });

  it('then the minimum', () => {
    expect(check('9.99', VALID)).toEqual({
      ok: false,
      error: 'The minimum withdrawal is 10 USDT',
    });
    expect(belowMinimumText(12.5)).toBe('The minimum withdrawal is 12.5 USDT');
    expect(minimumHint(10)).toBe('Minimum 10 USDT');
  });

  it('gives the amount as a number and the address trimmed', () => {
    expect(check(' 10 ', ` ${VALID} `)).toEqual({
      ok: true,
      draft: { amount: 10, walletAddress: VALID },
    });
    expect(check('125.5', VALID)).toEqual({
      ok: true,
      draft: { amount: 125.5, walletAddress: VALID },
    });
  });

  it('parses amounts', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('12.34')).toBe(12.34);
    expect(parseAmount('1e2')).toBe(100);
    expect(parseAmount('NaN')).toBeNull();
  });
});

describe('withdrawal form: the code', () => {
  it('enables Verify with exactly 6 digits only', () => {
    expect(canVerify('123456', false)).toBe(true);
    expect(canVerify('123456', true)).toBe(false);
    expect(canVerify('12345', false)).toBe(false);
    expect(canVerify('', false)).toBe(false);
  });

  it("says 'Please enter the OTP code' for an empty code", () => {
    expect(otpCodeError('')).toBe('Please enter the OTP code');
    expect(otpCodeError('123')).toBe('Please enter the 6-digit code');
    expect(otpCodeError('123456')).toBeNull();
  });
});
