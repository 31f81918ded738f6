import type { ErrorCode } from '@ctn/contracts/errors';
import { errorMessage, isApiError } from '@/lib/api-client';

/** Codes after which the code in hand cannot confirm this request: the dialog offers a new one. */
const NEW_CODE_NEEDED: readonly ErrorCode[] = [
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  // The code was mailed for another amount or address: this withdrawal needs its own.
  'OTP_INTENT_MISMATCH',
];

export function needsNewCode(error: unknown): boolean {
  return isApiError(error) && NEW_CODE_NEEDED.some((code) => error.is(code));
}

/** The earlier code may still be used when the server refuses to mail another so soon. */
export function isResendTooSoon(error: unknown): boolean {
  return isApiError(error) && error.is('OTP_RESEND_TOO_SOON');
}

/**
 * The text of a failed withdrawal call: the catalogue's text of the code, the server's text of
 * an unknown code, else `fallback` (`exception` when the call itself threw). A VALIDATION_ERROR
 * names the field that was refused, which says more than the catalogue's 'Check your input.'.
 */
export function withdrawalErrorText(
  error: unknown,
  fallback: string,
  exception: string = fallback,
): string {
  const first = isApiError(error) ? error.invalidFields[0] : undefined;
  if (first) return first.message;
  return errorMessage(error, fallback, exception);
}
