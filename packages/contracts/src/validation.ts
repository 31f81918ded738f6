import { keccak_256 } from '@noble/hashes/sha3';
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_MAX_LENGTH,
  REFERRAL_CODE_MIN_LENGTH,
} from './constants';

/** Shared validation rules with the spec's exact messages (member section 5, admin section 5). */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A BingX UID's digits (1-19: an int64); `isBingxUid` also bounds its value. */
export const BINGX_UID_PATTERN = /^\d{1,19}$/;

/**
 * The JSON Schema `pattern` of a field the server trims before applying `rule` (anchored with ^
 * and $): the API document states the rule as the product applies it.
 */
export function trimmedPattern(rule: RegExp): string {
  return `^\\s*${rule.source.replace(/^\^/, '').replace(/\$$/, '')}\\s*$`;
}

/** The JSON Schema `pattern` of a trimmed field that may not be blank. */
export const NOT_BLANK_PATTERN = '\\S';

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Emails are compared case-insensitively: stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function normaliseReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

// ---------------------------------------------------------------- register (member section 5)

export const registerFormSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, 'First name is required')
      .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters`),
    lastName: z
      .string()
      .trim()
      .min(1, 'Last name is required')
      .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters`),
    email: z.string().trim().min(1, 'Email is required').refine(isEmail, 'Email is invalid'),
    referralCode: z
      .string()
      .trim()
      .min(1, 'Referral code is required')
      .min(
        REFERRAL_CODE_MIN_LENGTH,
        `Referral code must be at least ${REFERRAL_CODE_MIN_LENGTH} characters`,
      )
      .max(REFERRAL_CODE_MAX_LENGTH, 'Invalid referral code.'),
    password: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    terms: z.literal(true, { error: 'You must accept the terms and conditions' }),
  })
  .refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    // Report a mismatch together with the other fields' errors, not only once they are valid.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

// ------------------------------------------------ reset password rules, listed live (section 5)

export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';
  label: string;
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_SPECIALS = '@$!%*?&';

/** The characters a password must hold one of each (the rules below; length aside). */
const PASSWORD_CLASSES = {
  lowercase: /[a-z]/,
  uppercase: /[A-Z]/,
  number: /\d/,
  special: /[@$!%*?&]/,
} as const;

/** The rules below but length, as one JSON Schema `pattern` (the API document's). */
export const PASSWORD_RULES_PATTERN = `^${Object.values(PASSWORD_CLASSES)
  .map((chars) => `(?=.*${chars.source})`)
  .join('')}`;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'lowercase',
    label: 'At least one lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => PASSWORD_CLASSES.lowercase.test(p),
  },
  {
    id: 'uppercase',
    label: 'At least one uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => PASSWORD_CLASSES.uppercase.test(p),
  },
  {
    id: 'number',
    label: 'At least one number',
    message: 'Password must contain at least one number',
    test: (p) => PASSWORD_CLASSES.number.test(p),
  },
  {
    id: 'special',
    label: `At least one special character (${PASSWORD_SPECIALS})`,
    message: `Password must contain at least one special character (${PASSWORD_SPECIALS})`,
    test: (p) => PASSWORD_CLASSES.special.test(p),
  },
];

export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export const RESET_PASSWORD_MESSAGES = {
  fixRequirements: 'Please fix the password requirements listed below.',
  mismatch: 'Password confirmation does not match new password.',
} as const;

/** Errors of a reset-password payload, as `data.errors` of a VALIDATION_ERROR answer. */
export function resetPasswordErrors(newPassword: string, confirmPassword: string) {
  const errors = failedPasswordRules(newPassword).map((rule) => ({
    field: 'newPassword',
    message: rule.message,
  }));
  if (newPassword.length > PASSWORD_MAX_LENGTH) {
    errors.push({
      field: 'newPassword',
      message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });
  }
  if (newPassword !== confirmPassword) {
    errors.push({ field: 'confirmPassword', message: RESET_PASSWORD_MESSAGES.mismatch });
  }
  return errors;
}

/**
 * The server's field message (VALIDATION_ERROR) for a password on its common-password blocklist
 * (register, reset and change); the list itself stays on the server.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose one that is harder to guess.';

// ------------------------------------------ change password, checked in order (both specs, 5)

export const CHANGE_PASSWORD_MESSAGES = {
  required: 'Please fill in all password fields',
  mismatch: 'New passwords do not match',
  length: `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  complexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  tooLong: `New password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
} as const;

/** The change-password form's rule: one of each class, and no other characters. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

/** The first failing check of the change-password form, in the spec's order; null when valid. */
export function changePasswordError(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword)
    return CHANGE_PASSWORD_MESSAGES.required;
  if (input.newPassword !== input.confirmPassword) return CHANGE_PASSWORD_MESSAGES.mismatch;
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return CHANGE_PASSWORD_MESSAGES.length;
  if (!STRONG_PASSWORD.test(input.newPassword)) return CHANGE_PASSWORD_MESSAGES.complexity;
  if (input.newPassword.length > PASSWORD_MAX_LENGTH) return CHANGE_PASSWORD_MESSAGES.tooLong;
  return null;
}

// ----------------------------------------------------------------------------------- OTP

export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function isOtp(value: string): boolean {
  return OTP_PATTERN.test(value);
}

/** What the OTP input keeps of what is typed: digits only, at most 6. */
export function sanitiseOtpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

// ------------------------------------------------------------------------- wallet address

const ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/;

/** EIP-55 mixed-case checksum of a 40-hex-digit address (with 0x). */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const char = hex.charAt(i);
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * A 40-hex-digit address, optionally prefixed 0x. All-lower or all-upper case carries no
 * checksum and is accepted; mixed case must match its EIP-55 checksum (member section 5).
 */
export function isWalletAddress(value: string): boolean {
  if (!ADDRESS_PATTERN.test(value)) return false;
  const hex = value.replace(/^0x/, '');
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(hex) === `0x${hex}`;
}

/** An address that passed `isWalletAddress`, with its 0x prefix (it is optional when typed). */
export const withHexPrefix = (address: string): string =>
  address.startsWith('0x') ? address : `0x${address}`;

// ---------------------------------------------------------------- BingX UID (decision 037)

/**
 * A BingX UID as the agent API takes it: a `long` (int64), so 1-19 digits and at most
 * 2^63 - 1. Anything else cannot be one of our invitees, and is refused before any call, since
 * a refused call counts against the endpoint's error budget at BingX. The member's link form
 * does not enforce it (member section 5: only "not empty"); the server answers it.
 */
export const BINGX_UID_MESSAGE = 'A BingX UID is 1-19 digits';
const INT64_MAX = 9_223_372_036_854_775_807n;

export function isBingxUid(value: string): boolean {
  return BINGX_UID_PATTERN.test(value) && BigInt(value) <= INT64_MAX;
}
