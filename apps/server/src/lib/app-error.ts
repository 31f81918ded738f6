import { ERROR_CATALOGUE, type ErrorCode } from '@ctn/contracts/errors';

/**
 * A failure the client is meant to see: a catalogue code, its HTTP status and optional `data`
 * (for example the field errors of VALIDATION_ERROR). The error handler turns it into the envelope.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly data: unknown = null,
    text?: string,
  ) {
    super(text ?? ERROR_CATALOGUE[code].text);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export function validationError(errors: { field: string; message: string }[]): AppError {
  return new AppError('VALIDATION_ERROR', { errors }, errors.map((e) => e.message).join(' '));
}
