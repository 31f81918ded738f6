import { z } from 'zod';
import { BINGX_UID_PATTERN } from './validation';

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
    .regex(BINGX_UID_PATTERN, 'A BingX UID is 1-20 digits')
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
});
export type ExchangeDiagnostics = z.infer<typeof exchangeDiagnosticsSchema>;
