import { errorMessage, isApiError } from '@/lib/api-client';

/**
 * The text of a refused admin call: the field messages of a VALIDATION_ERROR (the catalogue's
 * 'check your input' alone does not say what to fix), else the usual `errorMessage`.
 */
export function refusalText(error: unknown, fallback: string, exception = fallback): string {
  if (isApiError(error) && error.invalidFields.length > 0)
    return error.invalidFields.map((e) => e.message).join(' ');
  return errorMessage(error, fallback, exception);
}
