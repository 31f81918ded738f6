import type { FieldError } from '@ctn/contracts/envelope';
import { errorText, isErrorCode, type ErrorCode } from '@ctn/contracts/errors';
import type { ResponseReader } from '@ctn/contracts/response-reader';
import { clearToken, getToken } from './auth-token';

/**
 * The one HTTP client of the app. Every endpoint file calls it; it is the only place that
 * knows the envelope `{success, message, data, error, errorCode}`:
 * - success -> `{data, message}` (`message` is a success code, see contracts/messages);
 * - failure -> `ApiError` whose `text` is what a screen shows.
 */

export const API_BASE = '/api';
/** The development-only endpoints (the dev mailbox, the simulated chain and exchange). */
export const DEV_API_BASE = '/dev/api';

/** Whose wording of the error catalogue to use (the admin side words some codes differently). */
export type Audience = 'member' | 'admin';

export interface ApiResult<T> {
  data: T;
  /** The success code the server sent in `message`. */
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The error code: `errorCode`, else `message` of the envelope (NETWORK_ERROR when fetch failed). */
  readonly code: string;
  /** Readable text: the catalogue's for a known code, else the server's `error`, else UNKNOWN_ERROR's. */
  readonly text: string;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** `data` of the failure envelope (field errors of VALIDATION_ERROR, details of a login...). */
  readonly data: unknown;
  /**
   * True when `text` is only the generic UNKNOWN_ERROR fallback: neither the catalogue nor the
   * server had anything specific to say. Screens with their own fallback text use it then.
   */
  readonly isGeneric: boolean;
  /**
   * The refused fields of a VALIDATION_ERROR (`data.errors`), in the server's order; empty for
   * any other failure. Forms read the server's field messages here, never from `data` itself.
   */
  readonly invalidFields: readonly FieldError[];

  constructor(init: {
    code: string;
    text: string;
    status: number;
    data?: unknown;
    isGeneric?: boolean;
  }) {
    super(init.text);
    this.code = init.code;
    this.text = init.text;
    this.status = init.status;
    this.data = init.data ?? null;
    this.isGeneric = init.isGeneric ?? false;
    this.invalidFields = readInvalidFields(init.code, this.data);
  }

  is(code: ErrorCode): boolean {
    return this.code === code;
  }

  /** The first message per refused field, keyed by the server's field name. */
  fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const { field, message } of this.invalidFields) errors[field] ??= message;
    return errors;
  }
}

/**
 * `data.errors` of a VALIDATION_ERROR: `[{field, message}]` (contracts/envelope). Read by hand
 * rather than with the zod schema, so the client that every page loads stays free of zod; an
 * item of another shape is left out.
 */
function readInvalidFields(code: string, data: unknown): FieldError[] {
  if (code !== 'VALIDATION_ERROR' || typeof data !== 'object' || data === null) return [];
  const errors: unknown = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  const fields: FieldError[] = [];
  for (const item of errors as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, message } = item as Record<string, unknown>;
    if (typeof field === 'string' && typeof message === 'string') fields.push({ field, message });
  }
  return fields;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The text a screen shows for a failed call: the specific text of an ApiError, `fallback` when
 * the API gave nothing specific, `exception` when something other than the API failed.
 */
export function errorMessage(
  error: unknown,
  fallback: string,
  exception: string = fallback,
): string {
  if (isApiError(error)) return error.isGeneric ? fallback : error.text;
  return exception;
}

// --------------------------------------------------------------------------- maintenance

/**
 * The server's text while it answers MAINTENANCE_MODE (an administrator switched maintenance on),
 * null otherwise. The member layout shows a full page with it; any successful answer clears it.
 */
let maintenanceText: string | null = null;
const maintenanceListeners = new Set<() => void>();

export function getMaintenanceText(): string | null {
  return maintenanceText;
}

export function subscribeMaintenance(listener: () => void): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

function setMaintenanceText(text: string | null): void {
  if (text === maintenanceText) return;
  maintenanceText = text;
  for (const listener of maintenanceListeners) listener();
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; omitted means no body and no content type. */
  body?: unknown;
  /** Query string; null, undefined and empty values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Validates `data` of a successful answer (a contracts schema, or a zod-free reader of the
   * same contract). A promise of one lets its code load while the request is on the network (a
   * lazily imported schema).
   */
  schema?: ResponseReader<T> | Promise<ResponseReader<T>>;
  signal?: AbortSignal;
  audience?: Audience;
  /** The path prefix: API_BASE unless said otherwise (DEV_API_BASE for development tools). */
  base?: string;
}

interface RawEnvelope {
  success: boolean;
  message: string | null;
  data: unknown;
  error: string | null;
  errorCode: string | null;
}

function asEnvelope(body: unknown): RawEnvelope | null {
  if (typeof body !== 'object' || body === null || !('success' in body)) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.success !== 'boolean') return null;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    success: b.success,
    message: str(b.message),
    data: b.data ?? null,
    error: str(b.error),
    errorCode: str(b.errorCode),
  };
}

/** The code of a failed answer whose body is not an envelope (a proxy page, an empty body). */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

function failureFrom(status: number, envelope: RawEnvelope | null, audience: Audience): ApiError {
  const code = envelope
    ? (envelope.errorCode ?? envelope.message ?? 'UNKNOWN_ERROR')
    : codeForStatus(status);
  const known = isErrorCode(code) && code !== 'UNKNOWN_ERROR';
  const serverText = envelope?.error ?? null;
  const text = known
    ? errorText(code, audience)
    : (serverText ?? errorText('UNKNOWN_ERROR', audience));
  return new ApiError({
    code,
    text,
    status,
    data: envelope?.data ?? null,
    isGeneric: !known && serverText === null,
  });
}

function buildUrl(base: string, path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One call on the network, with the session's bearer token; a fetch that throws is NETWORK_ERROR. */
async function send(
  path: string,
  options: RequestOptions<unknown>,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const { method = 'GET', body, query, signal, audience = 'member', base = API_BASE } = options;
  const token = getToken();
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(buildUrl(base, path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { response, token };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      text: errorText('NETWORK_ERROR', audience),
      status: 0,
    });
  }
}

/** What every refusal does besides failing the call: the session and the maintenance page. */
function refused(error: ApiError, envelope: RawEnvelope | null, token: string | null): ApiError {
  // A rejected token ends the session; a newer token (a sign-in meanwhile) is kept.
  if (token && error.status === 401 && error.code === 'UNAUTHORIZED' && getToken() === token)
    clearToken();
  if (error.code === 'MAINTENANCE_MODE') setMaintenanceText(envelope?.error ?? error.text);
  return error;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResult<T>> {
  const { method = 'GET', schema, audience = 'member' } = options;
  const { response, token } = await send(path, options, 'application/json');
  const envelope = asEnvelope(await response.json().catch(() => null));

  if (!response.ok || !envelope || !envelope.success) {
    const error =
      response.ok && !envelope
        ? new ApiError({
            code: 'UNKNOWN_ERROR',
            text: errorText('UNKNOWN_ERROR', audience),
            status: response.status,
            isGeneric: true,
          })
        : failureFrom(response.status, envelope, audience);
    throw refused(error, envelope, token);
  }
  setMaintenanceText(null);

  if (schema) {
    const result = (await schema).safeParse(envelope.data);
    if (!result.success) {
      // A contract mismatch is a bug, not an API failure: screens show their "unexpected" text.
      console.error(`Unexpected answer from ${method} ${path}`, result.error.issues);
      throw new TypeError(`Unexpected answer from ${method} ${path}`);
    }
    return { data: result.data, message: envelope.message ?? '' };
  }
  return { data: envelope.data as T, message: envelope.message ?? '' };
}

export interface ApiFile {
  blob: Blob;
  /** The name the server gave it (`Content-Disposition: attachment; filename="..."`), if any. */
  filename: string | null;
}

/** `attachment; filename="users-2026-11-21.csv"` -> `users-2026-11-21.csv`. */
function attachmentName(disposition: string | null): string | null {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

export type DownloadOptions = Pick<
  RequestOptions<unknown>,
  'query' | 'signal' | 'audience' | 'base'
> & {
  /** The Accept header: the file's media type. */
  accept?: string;
};

/**
 * GET of a file (a CSV export): a success is the file itself, not the envelope, but the call is
 * otherwise every other call (token, base path, query) and a refusal, still an envelope, rejects
 * with the same ApiError.
 */
export async function apiDownload(path: string, options: DownloadOptions = {}): Promise<ApiFile> {
  const { accept = '*/*', audience = 'member' } = options;
  const { response, token } = await send(path, options, accept);
  if (!response.ok) {
    const envelope = asEnvelope(await response.json().catch(() => null));
    throw refused(failureFrom(response.status, envelope, audience), envelope, token);
  }
  setMaintenanceText(null);
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get('content-disposition')),
  };
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  download: apiDownload,
};
