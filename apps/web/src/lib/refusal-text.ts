import { validationErrorDataSchema } from '@ctn/contracts/envelope';
import { errorMessage, isApiError } from '@/lib/api-client';

/**
 * The text of a refused admin call: the field messages of a VALIDATION_ERROR (the catalogue's
 * 'check your input' alone does not say what to fix), else the usual `errorMessage`.
 */
export function refusalText(error: unknown, fallback: string, exception = fallback): string {
  if (isApiError(error) && error.code === 'VALIDATION_ERROR') {
    const parsed = validationErrorDataSchema.safeParse(error.data);
    const messages = parsed.success ? parsed.data.errors.map((e) => e.message) : [];
    if (messages.length > 0) return messages.join(' ');
  }
  return errorMessage(error, fallback, exception);
}
