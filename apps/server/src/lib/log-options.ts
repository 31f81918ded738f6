import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { requestIdMixin } from './request-context';

/** Query parameters whose values are secrets (mailed link tokens): never written to a log. */
const SECRET_PARAMS = /([?&](?:token|code|otp)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The server's pino options: JSON lines (pretty on a terminal outside production), the request id
 * on every line written during a request, and request lines without the secrets that verify and
 * reset links carry in their query string.
 */
export function logOptions(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  pretty: boolean,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    mixin: requestIdMixin,
    serializers: {
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    ...(pretty && !config.isProduction
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  };
}
