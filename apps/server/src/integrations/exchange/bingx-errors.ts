import { parseJsonExact } from './exact-json';

/**
 * What one BingX answer means for the caller (decision 037). BingX's documentation and sources
 * name these behaviours:
 * - HTTP 418: "an IP has been auto-banned for continuing to send requests after receiving 429
 *   codes" -> the breaker, for Retry-After or an hour.
 * - HTTP 429: a rate limit; "the system will automatically restrict the request and recover
 *   after 5 minutes" -> that lane and that endpoint pause for Retry-After, at least 5 minutes
 *   (asking again during it is what earns the 418).
 * - 100410 with an end time, in either documented text ("... will be unblocked after N", "over
 *   20 error code:... requests within 480000 ms for this api, ... can retry after time: N") -> the
 *   breaker until N. 100410 without one ("rate limited") is a plain limit: retried.
 * - 80012 is both "service unavailable" (retried) and, on the agent API, "parameter error": our
 *   own bug, never retried (retrying only adds error answers towards the ban above).
 * - 100500 / 100503 (server problem, busy), 5xx and bodies that are not JSON: retried.
 */
export type BingxVerdict =
  | { kind: 'ok'; data: unknown }
  | { kind: 'ban'; scope: 'IP' | 'API'; until: number; message: string }
  | { kind: 'slow-down'; until: number; message: string }
  | { kind: 'retry'; problem: string }
  | { kind: 'parameter'; code: number; message: string }
  | { kind: 'refused'; code: number; message: string };

/** One HTTP answer as the classifier needs it. */
export interface BingxHttpAnswer {
  status: number;
  /** The Retry-After header in seconds; null when absent or not a number of seconds. */
  retryAfterSeconds: number | null;
  body: string;
}

export const RATE_LIMITED = 100410;
const BUSY_CODES = new Set([100500, 100503]);
const SERVICE_UNAVAILABLE = 80012;
/** 100400 "Invalid parameter" (also "miss arguments"): what we sent is wrong. */
const INVALID_PARAMETER = 100400;
/** After HTTP 418 nothing is sent for this long, or what Retry-After says if longer. */
export const IP_BAN_PAUSE_MS = 60 * 60_000;
/** After HTTP 429: BingX "recovers after 5 minutes"; a longer Retry-After wins. */
export const RATE_LIMIT_PAUSE_MS = 5 * 60_000;

export function classifyAnswer(answer: BingxHttpAnswer, now: number): BingxVerdict {
  const retryAfterMs = answer.retryAfterSeconds === null ? 0 : answer.retryAfterSeconds * 1000;
  if (answer.status === 418)
    return {
      kind: 'ban',
      scope: 'IP',
      until: now + Math.max(retryAfterMs, IP_BAN_PAUSE_MS),
      message: 'HTTP 418: IP banned',
    };
  if (answer.status === 429)
    return {
      kind: 'slow-down',
      until: now + Math.max(retryAfterMs, RATE_LIMIT_PAUSE_MS),
      message: 'HTTP 429: too many requests',
    };
  if (answer.status >= 500) return { kind: 'retry', problem: `HTTP ${answer.status}` };
  const parsed = bodyOf(answer.body);
  if (parsed === null)
    return { kind: 'retry', problem: `HTTP ${answer.status} with a body that is not JSON` };
  const { code, message } = parsed;
  if (code === 0) return { kind: 'ok', data: parsed.data ?? null };
  if (code === RATE_LIMITED) {
    const until = unblockTime(message);
    if (until !== null && until > now)
      return { kind: 'ban', scope: 'API', until, message: `${code}: ${message}` };
    return { kind: 'retry', problem: `rate limited: ${message}` };
  }
  if (BUSY_CODES.has(code)) return { kind: 'retry', problem: `busy (${code}): ${message}` };
  if (code === SERVICE_UNAVAILABLE) {
    if (/unavailable|busy|try again/i.test(message))
      return { kind: 'retry', problem: `busy (${code}): ${message}` };
    return { kind: 'parameter', code, message: message || 'parameter error' };
  }
  if (code === INVALID_PARAMETER) return { kind: 'parameter', code, message };
  return { kind: 'refused', code, message: message || 'no message' };
}

/** BingX's `{code, msg, data}`; null when the body is not that. */
export function bodyOf(body: string): { code: number; message: string; data: unknown } | null {
  let value: unknown;
  try {
    value = parseJsonExact(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const code = typeof record['code'] === 'bigint' ? Number(record['code']) : record['code'];
  if (typeof code !== 'number') return null;
  return {
    code,
    message: typeof record['msg'] === 'string' ? record['msg'] : '',
    data: record['data'],
  };
}

/** Retry-After in seconds (BingX sends seconds; an HTTP date is read too). */
export function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : null;
  const at = Date.parse(header);
  return Number.isNaN(at) || at <= now ? null : (at - now) / 1000;
}

/**
 * The end of a ban from BingX's message, in either documented text ("... will be unblocked after
 * 1727193814249", "... can retry after time: 1727193970155"), seconds or milliseconds, or an ISO
 * time; null when the message names none (then it is an ordinary rate limit).
 */
export function unblockTime(message: string): number | null {
  const after =
    /(?:unblock\w*\s+(?:after|at)|retry\s+after\s+time\s*:?)\s*([0-9]{10,13}|\d{4}-\d{2}-\d{2}[T ][\d:.]+Z?)/i.exec(
      message,
    );
  if (!after) return null;
  const value = after[1]!;
  if (/^\d+$/.test(value)) return value.length === 13 ? Number(value) : Number(value) * 1000;
  const parsed = Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? null : parsed;
}
