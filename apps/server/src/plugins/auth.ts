import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { answerMemoryFirst } from './memory-first';
import type { SessionUser } from '../lib/session-user';

export type AuthMode = 'user' | 'admin';

export type Session = SessionUser;

/** How the plugin asks about a token: the auth service's answers, as functions. */
export interface SessionLookup {
  /** From this instance's memory, without I/O; undefined when the database must be asked. */
  kept(token: string): Session | null | undefined;
  /** From the database (`write`: never from memory). */
  read(token: string, write: boolean): Promise<Session | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: any signed-in user, or administrators only. Absent = public. */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Requests that change nothing: their session check may use the instance's kept sessions. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Reads the bearer token of every request that carries one. A route declares `config.auth`;
 * the check happens here, once, so a route cannot forget it. Writes always check the session
 * against the database (docs/decisions/019).
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionLookup,
  /** Resolves once this instance has heard of every change committed before (db/client.ts). */
  syncChanges: () => Promise<void>,
): void {
  app.decorateRequest('session', null);
  // A write's answer leaves only once this instance's kept sessions and settings reflect what it
  // committed: a locked member's or a changed password's next request, here, is refused, with
  // no notification still in flight. (Other instances hear it a loopback hop later; their
  // writes read the database anyway.)
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READS.has(request.method)) return done(null, payload);
    syncChanges().then(() => done(null, payload), done);
  });
  // A callback hook: a read whose session this instance keeps is answered without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const mode = request.routeOptions.config.auth;
    const header = request.headers.authorization;
    if (mode === undefined && header === undefined) return done();
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) return done(admitted(request, mode, null));
    const write = !READS.has(request.method);
    answerMemoryFirst(
      write ? undefined : sessions.kept(token),
      () => sessions.read(token, write),
      (session) => admitted(request, mode, session),
      done,
    );
  });
}

/** Records the request's session; the refusal when the route's `config.auth` needs another. */
function admitted(
  request: FastifyRequest,
  mode: AuthMode | undefined,
  session: Session | null,
): AppError | undefined {
  request.session = session;
  if (mode === undefined) return undefined;
  if (!session) return new AppError('UNAUTHORIZED');
  if (mode === 'admin' && !session.isAdmin) return new AppError('FORBIDDEN');
  // Administrators approve payouts: no admin call without a second factor (issue 19).
  if (mode === 'admin' && !session.twoFactor) return new AppError('TWO_FACTOR_SETUP_REQUIRED');
  return undefined;
}

/** The session of a route declared with `config.auth`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/** Where a request came from, for the sessions list and the security log. */
export function originOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** The administrator behind a request, for the audit log. */
export function actorOf(request: FastifyRequest): { id: string; email: string; ip: string } {
  const session = sessionOf(request);
  return { id: session.id, email: session.email, ip: request.ip };
}
