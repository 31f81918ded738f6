import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePasswordError,
  failedPasswordRules,
  isBingxUid,
  isOtp,
  isWalletAddress,
  registerFormSchema,
  resetPasswordErrors,
  sanitiseOtpInput,
  toChecksumAddress,
} from './validation';

const validForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'TRADEWAY',
  password: 'password1',
  confirmPassword: 'password1',
  terms: true as const,
};

function registerMessages(form: Record<string, unknown>): Record<string, string> {
  const result = registerFormSchema.safeParse(form);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('register form rules (member section 5)', () => {
  it('accepts a complete form', () => {
    expect(registerMessages(validForm)).toEqual({});
  });

  it("gives the spec's message for each empty field", () => {
    expect(
      registerMessages({
        ...validForm,
        firstName: '',
        lastName: ' ',
        email: '',
        referralCode: '',
        password: '',
        confirmPassword: '',
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      referralCode: 'Referral code is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('checks format, lengths, the match and the terms', () => {
    expect(
      registerMessages({
        ...validForm,
        email: 'ada@example',
        password: 'short',
        confirmPassword: 'shorter',
        referralCode: 'ABC12',
        terms: false,
      }),
    ).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
      referralCode: 'Referral code must be at least 6 characters',
      terms: 'You must accept the terms and conditions',
    });
  });
});

describe('reset password rules', () => {
  it("lists each failed rule in the spec's order and words", () => {
    expect(failedPasswordRules('').map((r) => r.message)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&)',
    ]);
    expect(failedPasswordRules('Abcdefg1@')).toEqual([]);
  });

  it('adds the mismatch message last', () => {
    expect(resetPasswordErrors('Abcdefg1@', 'Abcdefg1!')).toEqual([
      { field: 'confirmPassword', message: 'Password confirmation does not match new password.' },
    ]);
  });
});

describe('change password checks, in order', () => {
  const base = {
    currentPassword: 'Old@pass1',
    newPassword: 'New@pass1',
    confirmPassword: 'New@pass1',
  };
  it.each([
    [{ ...base, currentPassword: '' }, 'Please fill in all password fields'],
    [{ ...base, confirmPassword: 'New@pass2' }, 'New passwords do not match'],
    [
      { ...base, newPassword: 'N@p1', confirmPassword: 'N@p1' },
      'New password must be at least 8 characters long',
    ],
    [
      { ...base, newPassword: 'newpass1@', confirmPassword: 'newpass1@' },
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [
      { ...base, newPassword: 'New pass1@', confirmPassword: 'New pass1@' },
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [base, null],
  ])('%o -> %s', (input, message) => {
    expect(changePasswordError(input)).toBe(message);
  });

  it('reports only the first failure: a short mismatch is a mismatch', () => {
    expect(changePasswordError({ ...base, newPassword: 'a', confirmPassword: 'b' })).toBe(
      'New passwords do not match',
    );
  });
});

describe('OTP', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitiseOtpInput('12a3-45 678')).toBe('123456');
    expect(isOtp('123456')).toBe(true);
    expect(isOtp('12345')).toBe(false);
    expect(isOtp('12345a')).toBe(false);
  });

  it('sanitised input is always a prefix of digits of length <= 6', () => {
    fc.assert(fc.property(fc.string(), (s) => /^\d{0,6}$/.test(sanitiseOtpInput(s))));
  });
});

describe('wallet addresses (EIP-55)', () => {
  // Test vectors from EIP-55.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('computes the checksum of the EIP-55 vectors', () => {
    for (const v of vectors) expect(toChecksumAddress(v.toLowerCase())).toBe(v);
  });

  it('accepts checksummed, all-lower and all-upper addresses, with or without 0x', () => {
    for (const v of vectors) {
      expect(isWalletAddress(v)).toBe(true);
      expect(isWalletAddress(v.toLowerCase())).toBe(true);
      expect(isWalletAddress(`0x${v.slice(2).toUpperCase()}`)).toBe(true);
      expect(isWalletAddress(v.slice(2))).toBe(true);
    }
  });

  it('refuses a mixed-case address with a wrong checksum, and malformed input', () => {
    expect(isWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isWalletAddress('0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isWalletAddress('')).toBe(false);
  });

  it('flipping the case of one letter of a checksummed address breaks it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(39), (bytes, pos) => {
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
        const good = toChecksumAddress(hex);
        const ch = good.charAt(pos + 2);
        fc.pre(/[a-fA-F]/.test(ch));
        const lettersOnly = good.slice(2).replace(/\d/g, '');
        // A single flip may make the address all-lower or all-upper, which carries no checksum.
        fc.pre(lettersOnly.length > 1);
        const flipped =
          good.slice(0, pos + 2) +
          (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) +
          good.slice(pos + 3);
        const body = flipped.slice(2);
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase());
        return isWalletAddress(good) && !isWalletAddress(flipped);
      }),
    );
  });
});

describe('isBingxUid', () => {
  it('takes 1-19 digits up to 2^63 - 1 and nothing else', () => {
    expect(isBingxUid('1')).toBe(true);
    expect(isBingxUid('9223372036854775807')).toBe(true);
    expect(isBingxUid('9223372036854775808')).toBe(false);
    expect(isBingxUid('12345678901234567890')).toBe(false);
    expect(isBingxUid('')).toBe(false);
    expect(isBingxUid('12a4')).toBe(false);
    expect(isBingxUid(' 1234')).toBe(false);
  });
});
