import { z } from 'zod';
import { BINGX_UID_MESSAGE, isBingxUid } from './validation';

/** GET /api/admin/exchange/status: the BingX connection as this server sees it (cheap). */
export const exchangeStatusSchema = z.object({
  /** The built-in simulator answers instead of BingX (no API key configured). */
  simulator: z.boolean(),
  host: z.string(),
  commissionApi: z.enum(['v1', 'v2']),
  /** The date format the commission API took; null until a call has told us. */
  dateFormat: z.enum(['day', 'ms']).nullable(),
  pausedUntil: z.string().nullable(),
  pauseReason: z.string().nullable(),
  lastError: z.string().nullable(),
  requests: z.number().int(),
  /** BINGX_RATE_PER_SECOND. */
  ratePerSecond: z.number(),
  /** Lanes and endpoints paused now (a 429, or our own error answers near BingX's error ban). */
  pauses: z.array(z.object({ scope: z.string(), until: z.string(), reason: z.string() })),
  /** Our error answers per endpoint in the last 8 minutes (BingX bans past 20). */
  errorAnswers: z.record(z.string(), z.number().int()),
  /** BINGX_COPY_VOLUME_FIELDS. */
  copyVolumeFields: z.array(z.string()),
});
export type ExchangeStatus = z.infer<typeof exchangeStatusSchema>;

export const exchangeProbeSchema = z.object({
  name: z.string(),
  path: z.string(),
  /** The parameters sent, without timestamp and signature. */
  params: z.record(z.string(), z.string()),
  ok: z.boolean(),
  httpStatus: z.number().int().nullable(),
  code: z.number().int().nullable(),
  message: z.string().nullable(),
  latencyMs: z.number().int(),
  body: z.string(),
});
export type ExchangeProbe = z.infer<typeof exchangeProbeSchema>;

/** POST /api/admin/exchange/diagnostics: signed test calls of every endpoint we use. */
export const exchangeDiagnosticsRequestSchema = z.object({
  uid: z
    .string()
    .trim()
    .refine(isBingxUid, BINGX_UID_MESSAGE)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const exchangeDiagnosticsSchema = z.object({
  checkedAt: z.string(),
  status: exchangeStatusSchema,
  probes: z.array(exchangeProbeSchema),
  /** The commission version and date format that answered, best first; empty: none did. */
  workingCommission: z.array(
    z.object({ api: z.enum(['v1', 'v2']), dateFormat: z.enum(['day', 'ms']) }),
  ),
  summary: z.string(),
  /** This server's clock against BingX's server time (signatures fail past 5 s). */
  clock: z.object({
    answered: z.boolean(),
    skewMs: z.number().int().nullable(),
    tooFar: z.boolean(),
    error: z.string().nullable(),
  }),
  /** The key's permissions as /openApi/v1/account/apiPermissions gave them (JSON), or null. */
  permissions: z.string().nullable(),
});
export type ExchangeDiagnostics = z.infer<typeof exchangeDiagnosticsSchema>;

/**
 * POST /api/admin/exchange/volume-fields: for a sample of linked members, each numeric volume
 * field of their commission rows summed over the last 30 days, so an operator sees which field
 * moves for members known to copy (decision 037).
 */
export const volumeFieldsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The fields whose sum proves copying now (BINGX_COPY_VOLUME_FIELDS). */
  copyVolumeFields: z.array(z.string()),
  /** Every volume field any row carried, in name order. */
  fields: z.array(z.string()),
  members: z.array(
    z.object({
      uid: z.string(),
      email: z.string(),
      /** Field -> 30-day total (decimal string); a field absent from every row is absent. */
      totals: z.record(z.string(), z.string()),
      /** The configured fields' sum; null when a row left one out (unknown, not zero). */
      copySum: z.string().nullable(),
      rows: z.number().int(),
      /** Why this member's rows could not be read; null when they were. */
      error: z.string().nullable(),
    }),
  ),
});
export type VolumeFields = z.infer<typeof volumeFieldsSchema>;
