import { z } from 'zod';

/** Every answer of the API, success or failure (DESIGN.md section 5). */
export interface Envelope<T> {
  success: boolean;
  /** A code: an ErrorCode on failure, a SuccessCode on success. */
  message: string;
  data: T | null;
  /** Readable text of the failure; null on success. */
  error: string | null;
  errorCode: string | null;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data: data.nullable(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
  });
}

/** One invalid field of a VALIDATION_ERROR answer (`data.errors`). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const validationErrorDataSchema = z.object({ errors: z.array(fieldErrorSchema) });
