import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What we accept from a reverse proxy: short, and nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the proxy's `x-request-id` when it is sane, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The edge of every request: its id (kept from the reverse proxy, so one id follows a request
 * through the proxy's and our logs; pino writes it as `reqId`) echoed as `x-request-id`, and
 * its answer while the server closes (docs/operations.md "Shutdown").
 *
 * Fastify's own answer during a close (`return503OnClosing`) is not the envelope, so app.ts
 * turns it off and this answers instead. Node stops accepting connections and closes the idle
 * keep-alive ones, but a request that was in flight keeps its socket open for the keep-alive
 * timeout (72 s in Fastify) after it is answered, holding up the close: its answer says
 * `Connection: close`. What can still arrive on a busy socket (a proxy reusing a connection
 * the moment the close begins) gets 503, so the proxy can try another instance.
 *
 * Register on the root instance, before the routes and before the auth hook: a request that
 * arrives during the close is refused before any work is done for it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.setGenReqId((req) => requestIdOf(req.headers[REQUEST_ID_HEADER]));
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback hooks, not async ones: they run for every request and need no promise.
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new AppError('SERVICE_UNAVAILABLE') : undefined);
  });
  // onSend runs for every answer, the error handler's and the not-found handler's included.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
