import { ERROR_CATALOGUE, type ErrorCode } from '@ctn/contracts/errors';
import type { RouteOptions } from 'fastify';
import { closedDuringMaintenance } from './maintenance';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The catalogue codes this route's own rules answer with (its service's refusals, a
     * throttle's TOO_MANY_REQUESTS), beyond those its declaration already implies: a schema
     * (VALIDATION_ERROR), `auth` (UNAUTHORIZED, FORBIDDEN...). The API document lists both, and
     * the server suite fails on an answer the document does not list (docs/decisions/041).
     */
    refusals?: readonly ErrorCode[];
  }
}

/** What of a route says which refusals it can answer. */
type Declaration = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Every catalogue code a route can answer with: those its declaration implies (docs/decisions/041)
 * and those it lists in `config.refusals`, in catalogue order.
 */
export function refusalsOf(route: Declaration): ErrorCode[] {
  const codes = new Set<ErrorCode>(['INTERNAL_SERVER_ERROR']);
  const schema = route.schema ?? {};
  const config = route.config ?? {};
  if (schema.body || schema.params || schema.querystring) {
    codes.add('VALIDATION_ERROR');
    // Text the database cannot hold (a NUL character), wherever the input reaches it.
    codes.add('BAD_REQUEST');
  }
  // A body that is no JSON, or too large for the body limit (plugins/error-handler.ts); a path
  // the router cannot read (malformed percent-encoding in a parameter).
  if (acceptsBody(route)) {
    codes.add('BAD_REQUEST');
    codes.add('PAYLOAD_TOO_LARGE');
  }
  if (route.url.includes(':')) codes.add('BAD_REQUEST');
  if (config.auth) codes.add('UNAUTHORIZED');
  if (config.auth === 'admin') {
    codes.add('FORBIDDEN');
    codes.add('TWO_FACTOR_SETUP_REQUIRED');
  }
  // Any signed-in member's call, a public route's included (plugins/maintenance.ts).
  if (closedDuringMaintenance(route.url)) codes.add('MAINTENANCE_MODE');
  for (const code of config.refusals ?? []) codes.add(code);
  const order = Object.keys(ERROR_CATALOGUE);
  return [...codes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * A body with content that is not JSON is refused with 415 and BAD_REQUEST (plugins/
 * body-parsers.ts), the one refusal whose status is not its code's catalogue status.
 */
export function acceptsBody(route: Pick<Declaration, 'method'>): boolean {
  return [route.method].flat().some((method) => !BODYLESS.has(method));
}

/** The refusals of a route by HTTP status. */
export function refusalsByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
