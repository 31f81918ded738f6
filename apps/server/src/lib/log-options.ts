import {
  destination,
  pino,
  stdSerializers,
  type DestinationStream,
  type Logger as PinoLogger,
  type LoggerOptions,
} from 'pino';
import type { Config } from '../config';

/** Request log lines are written in batches of this many bytes at least (serverLogger). */
const LOG_BATCH_BYTES = 4_096;

/** Query parameters whose values are secrets (mailed link tokens): never written to a log. */
const SECRET_PARAMS = /([?&](?:token|code|otp)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Values a failed query carries into an error's text: drizzle's "params: …" line, and the
 * database's echo of a bad value ('invalid input syntax for type integer: "…"', 'value "…" is
 * out of range', 'Key (email)=(…)'). Names of tables, columns and constraints stay.
 */
const QUERY_VALUES: [RegExp, string][] = [
  [/^params: .*$/gm, 'params: [redacted]'],
  [/(invalid input syntax for type [\w ]+: )"[^"]*"/g, '$1"[redacted]"'],
  [/(value )"[^"]*"( is out of range)/g, '$1"[redacted]"$2'],
  [/(\)=\()[^)]*(\))/g, '$1[redacted]$2'],
];

function withoutQueryValues(value: unknown): unknown {
  if (typeof value === 'string')
    return QUERY_VALUES.reduce((text, [pattern, by]) => text.replace(pattern, by), value);
  if (Array.isArray(value)) return value.map(withoutQueryValues);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        key === 'params' ? '[redacted]' : withoutQueryValues(v),
      ]),
    );
  return value;
}

/**
 * Errors as pino writes them, without the values of a failed SQL query: they hold what members
 * typed (amounts, addresses, emails), which has no place in a log.
 */
export function serializeError(err: Error): ReturnType<typeof stdSerializers.err> {
  return withoutQueryValues(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>;
}

/**
 * The server's one logger: Fastify writes its request lines with it and the services theirs
 * (services.ts). JSON lines (pretty on a terminal outside production), and request lines without
 * the secrets that verify and reset links carry in their query string. Fastify's request lines
 * carry the request id (`reqId`); lines services write do not (decision 026).
 */
export function serverLogger(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  pretty: boolean,
  /** Tests: where the lines go instead of stdout. */
  to?: DestinationStream,
): PinoLogger {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
  if (to) return pino(options, to);
  if (pretty && !config.isProduction)
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
    });
  // Asynchronous writes (stdout on a pipe is synchronous in Node), 4 kB at a time: each write is
  // a hand-off to libuv's thread pool and back, two thread wake-ups, so the lines of about four
  // requests leave together (7% less server CPU per read, docs/performance.md); when idle a line
  // waits 1 s at most. pino flushes what is left when the process exits.
  return pino(
    options,
    destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: 1_000 }),
  );
}
