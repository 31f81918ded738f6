import type { Envelope } from '@ctn/contracts/envelope';
import type { SuccessCode } from '@ctn/contracts/messages';

/** The success envelope; routes answer with `ok(data, 'CODE')`. */
export function ok<T>(data: T, message: SuccessCode = 'OK'): Envelope<T> & { data: T } {
  return { success: true, message, data, error: null, errorCode: null };
}

export function failure<T = null>(code: string, error: string, data: T | null = null): Envelope<T> {
  return { success: false, message: code, data, error, errorCode: code };
}
