import { ERROR_CATALOGUE, errorText } from '@ctn/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { failure } from '../lib/envelope';

/**
 * The one place answers of failures are written: every error becomes the envelope with the
 * catalogue code in `message` and `errorCode`. 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const wait = err.status === 429 ? secondsToWait(err.data) : null;
      if (wait !== null) void reply.header('retry-after', String(wait));
      return reply.status(err.status).send(failure(err.code, err.message, err.data));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((issue) => ({
        field:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          issue.params?.['missingProperty']?.toString() ||
          'body',
        message: issue.message ?? 'Invalid value',
      }));
      const text = errors.map((e) => e.message).join(' ');
      return reply.status(400).send(failure('VALIDATION_ERROR', text, { errors }));
    }
    if (isUnstorableText(err)) {
      // Client text with a NUL character (or bytes that are no UTF-8): PostgreSQL cannot hold it
      // in any text column, so whichever field carried it, the request was bad. Our own code
      // never writes such text; this answer is never a bug of ours hiding.
      request.log.info({ err }, 'text the database cannot store');
      return reply.status(400).send(failure('BAD_REQUEST', errorText('BAD_REQUEST')));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(failure('TOO_MANY_REQUESTS', ERROR_CATALOGUE.TOO_MANY_REQUESTS.text));
    }
    if (status === 413) {
      request.log.info({ err }, 'body too large');
      return reply.status(413).send(failure('PAYLOAD_TOO_LARGE', errorText('PAYLOAD_TOO_LARGE')));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, and the like.
      request.log.info({ err }, 'bad request');
      return reply.status(status).send(failure('BAD_REQUEST', errorText('BAD_REQUEST')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(failure('INTERNAL_SERVER_ERROR', errorText('INTERNAL_SERVER_ERROR')));
  });
}

/**
 * Fastify's `frameworkErrors`: a path it cannot route at all (malformed percent-encoding, a
 * parameter over the router's length limit). No hooks have run, so the headers the security
 * plugin would set are written here: the strictest policy, as the answer is a small JSON error.
 */
export function answerFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ err }, 'unroutable url');
  const status = err.statusCode === 414 ? 414 : 400;
  void reply
    .status(status)
    .headers({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(failure('BAD_REQUEST', errorText('BAD_REQUEST')));
}

/**
 * The Retry-After of a throttle's refusal: its `retryAfterSeconds`, or the seconds until its
 * `resendAvailableAt`; null when the refusal does not say.
 */
function secondsToWait(data: unknown): number | null {
  const { retryAfterSeconds, resendAvailableAt } = (data ?? {}) as Record<string, unknown>;
  if (typeof retryAfterSeconds === 'number') return Math.max(0, Math.ceil(retryAfterSeconds));
  if (typeof resendAvailableAt !== 'string') return null;
  const at = Date.parse(resendAvailableAt);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** SQLSTATE 22021 (character_not_in_repertoire) or 22P05 (untranslatable_character). */
function isUnstorableText(err: unknown): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const code = (cause as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
