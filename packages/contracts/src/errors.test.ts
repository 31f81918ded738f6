import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, errorText, isErrorCode } from './errors';

describe('the error catalogue', () => {
  it('holds every code of both specs with its text', () => {
    const member: Record<string, string> = {
      USER_NOT_FOUND: 'User not found; check your email or register.',
      USER_EXISTS: 'An account with this email already exists; sign in instead.',
      EMAIL_ALREADY_VERIFIED: 'Already verified; you can sign in.',
      INVALID_OR_EXPIRED_TOKEN: 'Link expired or invalid; request a new one.',
      TOKEN_REQUIRED: 'Verification token is required.',
      INVALID_REFERRAL_CODE: 'Invalid referral code.',
      WALLET_CREATION_FAILED: 'Failed to create wallet.',
      ACCOUNT_LOCKED: 'Contact support.',
      ACCOUNT_DISABLED: 'Contact support.',
      EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
      BINGX_UID_ALREADY_SET: 'UID already set and cannot be changed.',
      BINGX_UID_ALREADY_EXISTS: 'UID linked to another account.',
      BINGX_UID_INELIGIBLE: 'UID is not eligible.',
      BINGX_UID_INCOMPLETE_KYC: 'KYC not completed.',
      BINGX_UID_INSUFFICIENT_DEPOSIT: 'Does not meet the minimum deposit.',
      INSUFFICIENT_BALANCE: 'Balance is insufficient for the withdrawal.',
      TOO_MANY_PENDING_WITHDRAWALS: 'Wait for existing requests.',
      ACCOUNT_NOT_ACTIVE: 'Contact support.',
      WITHDRAWAL_ALREADY_PROCESSED: 'Cannot be modified.',
      WALLET_ADDRESS_IN_USE: 'Already on another pending withdrawal.',
      UNAUTHORIZED: 'Not authorized; sign in again.',
      BAD_REQUEST: 'Invalid request.',
      INVALID_STATUS: 'Invalid account status.',
      INTERNAL_SERVER_ERROR: 'Server error, try later.',
      VALIDATION_ERROR: 'Check your input.',
      NETWORK_ERROR: 'Network connection failed.',
      SAME_PASSWORD_ERROR: 'The new password cannot be the same as the current one.',
      UNKNOWN_ERROR: 'An unexpected error occurred.',
    };
    for (const [code, text] of Object.entries(member)) {
      expect(isErrorCode(code), code).toBe(true);
      if (isErrorCode(code)) expect(errorText(code)).toBe(text);
    }
    const admin: Record<string, string> = {
      WITHDRAWAL_NOT_FOUND: 'withdrawal not found',
      WITHDRAWAL_ALREADY_PROCESSED: 'cannot be modified',
      INSUFFICIENT_BALANCE_FOR_APPROVAL: 'member balance is insufficient for approval',
      INVALID_STATUS: 'invalid account status',
      USER_NOT_FOUND: 'User not found',
      UNAUTHORIZED: 'not authorized; sign in again',
      SAME_PASSWORD_ERROR: 'the new password cannot be the same as the current one',
    };
    for (const [code, text] of Object.entries(admin))
      if (isErrorCode(code)) expect(errorText(code, 'admin')).toBe(text);
    expect(isErrorCode('CURRENT_PASSWORD_INCORRECT')).toBe(true);
  });

  it('gives every server code a 4xx or 5xx status, and client-only codes none', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      if (code === 'NETWORK_ERROR' || code === 'UNKNOWN_ERROR') expect(entry.status).toBe(0);
      else expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
  });

  it('knows nothing of unknown codes or inherited properties', () => {
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
  });
});
