import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, without passing it down: services log through the
 * app's logger, and the pino mixin below adds the request id to their lines too.
 */
const current = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `next` (the rest of the request: later hooks, the handler) as work done for `reqId`. */
export function runInRequest(reqId: string, next: () => void): void {
  current.run({ reqId }, next);
}

/**
 * pino `mixin`: `reqId` on lines logged during a request by loggers that do not carry it
 * already (Fastify's request loggers do).
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): object {
  const context = current.getStore();
  if (!context || 'reqId' in logger.bindings()) return {};
  return { reqId: context.reqId };
}
