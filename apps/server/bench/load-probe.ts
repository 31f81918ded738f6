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
import pg from 'pg';

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

// The experiment on the session check (plugins/auth.ts -> AuthService.sessionUser), measured
// against the server as it is and not made in src/: LOAD_SESSION_CACHE_MS=N keeps the answer of
// sessionUser N ms per token (a session ended by a password change or a LOCKED status then lives
// on for up to N ms: a change of semantics). The prepared lookup and the node:crypto token check,
// once experiments here, are now how the server does it.
const cacheMs = Number(process.env['LOAD_SESSION_CACHE_MS'] ?? 0);
if (cacheMs > 0) {
  const { AuthService } = await import('../src/modules/auth/auth.service');
  type Service = InstanceType<typeof AuthService>;
  type SessionUser = Awaited<ReturnType<Service['sessionUser']>>;
  const uncached = AuthService.prototype.sessionUser;
  const sessions = new Map<string, { until: number; user: SessionUser }>();
  AuthService.prototype.sessionUser = async function (this: Service, token: string) {
    const hit = sessions.get(token);
    if (hit && hit.until > Date.now()) return hit.user;
    const user = await uncached.call(this, token);
    if (user) sessions.set(token, { until: Date.now() + cacheMs, user });
    return user;
  };
}
