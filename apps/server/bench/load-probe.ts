// Preloaded into the server process by npm run bench:load for its analysis and experiments only
// (node --import tsx --import ./bench/load-probe.ts src/main.ts); the measured runs start the
// server without it. Nothing in src/ knows about it.
//
// LOAD_PROBE=1: every SQL statement the pg driver sends is timed and attributed to the HTTP
// request during which it was sent (AsyncLocalStorage entered at the server's 'request' event);
// the benchmark resets and reads the figures over the IPC channel ('probe:reset',
// 'probe:report').
// LOAD_SESSION_CACHE_MS=N: the experiment "cache the session check": AuthService.sessionUser
// answers from memory for N ms per token (a session ended by a password change or a LOCKED
// status then lives on for up to N ms). Measured only, never made.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { webcrypto } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/client';

interface RequestContext {
  key: string;
  statements: { text: string; ms: number }[];
}

export interface StatementFigures {
  text: string;
  count: number;
  totalMs: number;
  /** The parameters of one call, for EXPLAIN ANALYZE. */
  sample: unknown[];
}

export interface RouteFigures {
  requests: number;
  statements: number;
  /** Sum of the statements' times (concurrent statements of one request add up). */
  sqlMs: number;
  /** From the 'request' event to the end of the answer, inside the server. */
  serverMs: number;
  byText: StatementFigures[];
}

export interface ProbeReport {
  routes: Record<string, RouteFigures>;
  /** Statements sent outside any request (background jobs). */
  background: number;
}

const storage = new AsyncLocalStorage<RequestContext>();
let routes = new Map<string, RouteFigures & { texts: Map<string, StatementFigures> }>();
let background = 0;

function figuresOf(key: string) {
  let figures = routes.get(key);
  if (!figures) {
    figures = { requests: 0, statements: 0, sqlMs: 0, serverMs: 0, byText: [], texts: new Map() };
    routes.set(key, figures);
  }
  return figures;
}

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

const recording = process.env['LOAD_PROBE'] === '1';
// LOAD_CACHE_SQL=<regex>, LOAD_CACHE_SQL_MS=N: the experiment "cache what these statements
// answer for N ms" (by text and parameters), to measure what caching their query would gain.
const cacheSql = process.env['LOAD_CACHE_SQL'] ? new RegExp(process.env['LOAD_CACHE_SQL']) : null;
const cacheSqlMs = Number(process.env['LOAD_CACHE_SQL_MS'] ?? 5000);
const results = new Map<string, { until: number; result: unknown }>();

if (recording || cacheSql) {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as { text?: unknown; values?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string') return original.apply(this, args);
    const values = Array.isArray(args[1])
      ? (args[1] as unknown[])
      : typeof first === 'object' && Array.isArray(first.values)
        ? (first.values as unknown[])
        : [];
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    const cacheKey = cacheSql?.test(text) ? `${text}\u0000${JSON.stringify(values)}` : null;
    if (cacheKey !== null) {
      const hit = results.get(cacheKey);
      if (hit && hit.until > Date.now()) {
        if (callbackAt < 0) return Promise.resolve(hit.result);
        process.nextTick(args[callbackAt] as QueryFn, null, hit.result);
        return undefined;
      }
    }
    const context = recording ? storage.getStore() : undefined;
    if (recording && !context) background += 1;
    const started = performance.now();
    const done = (err: unknown, result: unknown) => {
      if (cacheKey !== null && !err)
        results.set(cacheKey, { until: Date.now() + cacheSqlMs, result });
      if (!context) return;
      const ms = performance.now() - started;
      context.statements.push({ text, ms });
      const figures = figuresOf(context.key);
      let statement = figures.texts.get(text);
      if (!statement) {
        statement = { text, count: 0, totalMs: 0, sample: values };
        figures.texts.set(text, statement);
      }
      statement.count += 1;
      statement.totalMs += ms;
    };
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as QueryFn;
      args[callbackAt] = function (this: unknown, ...result: unknown[]) {
        done(result[0], result[1]);
        return callback.apply(this, result);
      };
      return original.apply(this, args);
    }
    const out = original.apply(this, args) as Promise<unknown> | undefined;
    if (out && typeof out.then === 'function')
      out.then(
        (result) => done(null, result),
        (err: unknown) => done(err, null),
      );
    return out;
  };
}

if (recording) {
  const emit = http.Server.prototype.emit as (this: http.Server, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, ...args: unknown[]) {
    const [event, request, response] = args as [string, http.IncomingMessage, http.ServerResponse];
    if (event !== 'request' || !request.url?.startsWith('/api/')) return emit.apply(this, args);
    const context: RequestContext = { key: `${request.method} ${request.url}`, statements: [] };
    const started = performance.now();
    response.once('finish', () => {
      const figures = figuresOf(context.key);
      figures.requests += 1;
      figures.statements += context.statements.length;
      figures.sqlMs += context.statements.reduce((sum, s) => sum + s.ms, 0);
      figures.serverMs += performance.now() - started;
    });
    return storage.run(context, () => emit.apply(this, args));
  } as typeof http.Server.prototype.emit;

  process.on('message', (message) => {
    if (message === 'probe:reset') {
      routes = new Map();
      background = 0;
      process.send?.({ type: 'probe:reset' });
    } else if (message === 'probe:report') {
      const report: ProbeReport = {
        routes: Object.fromEntries(
          [...routes].map(([key, { texts, ...figures }]) => [
            key,
            { ...figures, byText: [...texts.values()] },
          ]),
        ),
        background,
      };
      process.send?.({ type: 'probe:report', report });
    }
  });
}

// LOAD_PROFILE=1 (with node --cpu-prof): 'probe:mark' answers the monotonic clock in
// microseconds, the clock of the profile's sample times, so the benchmark can cut the profile
// into the windows of its load runs.
if (process.env['LOAD_PROFILE'] === '1')
  process.on('message', (message) => {
    if (message === 'probe:mark')
      process.send?.({ type: 'probe:mark', report: Number(process.hrtime.bigint() / 1000n) });
  });

// Experiments on the session check (plugins/auth.ts -> AuthService.sessionUser), each measured
// against the server as it is; none of them is made in src/.
// LOAD_SESSION_CACHE_MS=N: the answer of sessionUser kept N ms per token (a session ended by a
// password change or a LOCKED status then lives on for up to N ms: a change of semantics).
// LOAD_PREPARED_SESSION=1: the same lookup as a prepared statement (drizzle .prepare(): the query
// is built once, and PostgreSQL parses and plans it once per connection). Same semantics.
// LOAD_JWT_CRYPTOKEY=1: the token checked with a CryptoKey imported once instead of the raw
// secret, which jose imports into a CryptoKey on every call. Same semantics.
const cacheMs = Number(process.env['LOAD_SESSION_CACHE_MS'] ?? 0);
if (cacheMs > 0 || process.env['LOAD_PREPARED_SESSION'] === '1') {
  const { AuthService } = await import('../src/modules/auth/auth.service');
  type Service = InstanceType<typeof AuthService>;
  type SessionUser = Awaited<ReturnType<Service['sessionUser']>>;
  let lookup = AuthService.prototype.sessionUser;
  if (process.env['LOAD_PREPARED_SESSION'] === '1') {
    const { eq, sql } = await import('drizzle-orm');
    const { users } = await import('../src/db/schema');
    type Deps = { db: Db; tokens: { verify: SessionTokensVerify } };
    type SessionTokensVerify = (
      token: string,
    ) => Promise<{ userId: string; version: number } | null>;
    const build = (db: Deps['db']) =>
      db
        .select({
          id: users.id,
          email: users.email,
          isAdmin: users.isAdmin,
          status: users.status,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare('load_probe_session_user');
    const prepared = new WeakMap<object, ReturnType<typeof build>>();
    lookup = async function (this: Service, token: string) {
      const deps = (this as unknown as { deps: Deps }).deps;
      const claims = await deps.tokens.verify(token);
      if (!claims) return null;
      let query = prepared.get(deps.db);
      if (!query) {
        query = build(deps.db);
        prepared.set(deps.db, query);
      }
      const [user] = await query.execute({ id: claims.userId });
      if (!user || user.tokenVersion !== claims.version || user.status !== 'ACTIVE') return null;
      return { id: user.id, email: user.email, isAdmin: user.isAdmin };
    };
  }
  if (cacheMs > 0) {
    const uncached = lookup;
    const sessions = new Map<string, { until: number; user: SessionUser }>();
    lookup = async function (this: Service, token: string) {
      const hit = sessions.get(token);
      if (hit && hit.until > Date.now()) return hit.user;
      const user = await uncached.call(this, token);
      if (user) sessions.set(token, { until: Date.now() + cacheMs, user });
      return user;
    };
  }
  AuthService.prototype.sessionUser = lookup;
}

if (process.env['LOAD_JWT_CRYPTOKEY'] === '1') {
  const { webcrypto: crypto } = await import('node:crypto');
  const { jwtVerify } = await import('jose');
  const { SessionTokens } = await import('../src/modules/auth/session-tokens');
  const keys = new WeakMap<object, Promise<webcrypto.CryptoKey>>();
  // The options of SessionTokens.verify, unchanged; only the key is imported once.
  SessionTokens.prototype.verify = async function (this: object, token: string) {
    let key = keys.get(this);
    if (!key) {
      const secret = (this as unknown as { key: Uint8Array }).key;
      key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'verify',
      ]);
      keys.set(this, key);
    }
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: 'ctn',
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number') return null;
      return { userId: payload.sub, version: payload['ver'] };
    } catch {
      return null;
    }
  };
}
