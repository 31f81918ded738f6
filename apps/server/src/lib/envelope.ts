import type { Envelope } from '@ctn/contracts/envelope';
import type { SuccessCode } from '@ctn/contracts/messages';

/** The success envelope; routes answer with `ok(data, 'CODE')`. */
export function ok<T>(data: T, message: SuccessCode = 'OK'): Envelope<T> & { data: T } {
  return { success: true, message, data, error: null, errorCode: null };
}

export function failure<T = null>(code: string, error: string, data: T | null = null): Envelope<T> {
  return { success: false, message: code, data, error, errorCode: code };
}

/**
 * The success envelope with some of `data`'s fields repeated beside it, where member section 7
 * reads them there (a login's `requiresVerification`, `token` and `user`).
 */
export function okBeside<T extends object, K extends keyof T>(
  data: T,
  message: SuccessCode,
  keys: readonly K[],
): Envelope<T> & { data: T } & Pick<T, K> {
  const beside = Object.fromEntries(keys.map((key) => [key, data[key]])) as Pick<T, K>;
  return { ...ok(data, message), ...beside };
}
