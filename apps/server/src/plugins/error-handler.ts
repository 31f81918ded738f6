import { ERROR_CATALOGUE, errorText } from '@ctn/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
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
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(failure('TOO_MANY_REQUESTS', ERROR_CATALOGUE.TOO_MANY_REQUESTS.text));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large, and the like.
      request.log.info({ err }, 'bad request');
      return reply.status(status).send(failure('BAD_REQUEST', errorText('BAD_REQUEST')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(failure('INTERNAL_SERVER_ERROR', errorText('INTERNAL_SERVER_ERROR')));
  });
}
