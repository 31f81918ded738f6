// The analysis of npm run bench:load: where a request's time goes. Against a server started with
// the probe (load-probe.ts): SQL statements per request and their time, one route at a time,
// sequential requests; EXPLAIN ANALYZE of each statement with the parameters it was sent with;
// in this process: the cost of the session check (JWT + lookup) and of the answer's
// serialisation (zod encode + JSON.stringify, as fastify-type-provider-zod does it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { envelopeSchema } from '@ctn/contracts/envelope';
import type { Services } from '../src/services';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { z } from 'zod';
import { webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { sessionLookup } from '../src/modules/auth/sessions.queries';
import { SessionTokens } from '../src/modules/auth/session-tokens';
import { nextSourceAddress, percentile, probe, request, type Child } from './load-support';
import { cpuDelta, cpuSnapshot, type CpuProbe } from './proc-cpu';

export interface RouteSpec {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The response's data schema (inside the envelope). */
  schema: z.ZodType;
  /** DB-backed authenticated read: held to the targets. */
  target: boolean;
  /** Its goal (issue 16): at least this share of the floor's req/s (bare + 1 prepared SELECT). */
  goal?: number;
  /** A baseline of load-bare.ts, not the server. */
  reference: boolean;
}

export interface StatementAnalysis {
  text: string;
  perRequest: number;
  meanMs: number;
  explain?: { planningMs: number; executionMs: number; plan: string[] } | { error: string };
}

export interface RouteAnalysis {
  key: string;
  requests: number;
  statementsPerRequest: number;
  sqlMsPerRequest: number;
  serverMsPerRequest: number;
  clientP50: number;
  statements: StatementAnalysis[];
}

/** Sequential requests per route against the probed server; statements and their plans. */
export async function analyseRoutes(
  server: Child,
  routes: RouteSpec[],
  databaseUrl: string,
  requests: number,
): Promise<{ routes: RouteAnalysis[]; background: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const results: RouteAnalysis[] = [];
  let background = 0;
  try {
    for (const route of routes) {
      const isSignIn = route.method === 'POST';
      // Sign-in: few, from one fresh address (the per-address limit is 30 per 15 minutes).
      const n = isSignIn ? Math.min(10, requests) : requests;
      const localAddress = nextSourceAddress();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const send = () =>
        request(server.port, {
          method: route.method,
          path: route.path,
          headers: route.headers,
          ...(route.body ? { body: route.body } : {}),
          agent,
          localAddress,
        });
      for (let i = 0; i < (isSignIn ? 3 : 20); i++) await send();
      await probe(server, 'probe:reset');
      const latencies: number[] = [];
      for (let i = 0; i < n; i++) {
        const answer = await send();
        if (answer.status !== 200)
          throw new Error(
            `${route.name}: HTTP ${answer.status} during the analysis: ${answer.body.slice(0, 300)}`,
          );
        latencies.push(answer.ms);
      }
      agent.destroy();
      const report = await probe(server, 'probe:report');
      background += report.background;
      const figures = report.routes[`${route.method} ${route.path}`];
      if (!figures) throw new Error(`the probe saw no request of ${route.name}`);
      const statements: StatementAnalysis[] = [];
      for (const s of figures.byText) {
        const item: StatementAnalysis = {
          text: s.text,
          perRequest: s.count / figures.requests,
          meanMs: s.totalMs / s.count,
        };
        if (!/^\s*(begin|commit|rollback|set|savepoint|release)\b/i.test(s.text))
          item.explain = await explain(pool, s.text, s.sample);
        statements.push(item);
      }
      results.push({
        key: route.key,
        requests: figures.requests,
        statementsPerRequest: figures.statements / figures.requests,
        sqlMsPerRequest: figures.sqlMs / figures.requests,
        serverMsPerRequest: figures.serverMs / figures.requests,
        clientP50: percentile(
          latencies.sort((a, b) => a - b),
          50,
        ),
        statements,
      });
    }
  } finally {
    await pool.end();
  }
  return { routes: results, background };
}

/** EXPLAIN (ANALYZE, BUFFERS) three times in a rolled-back transaction; the last one kept. */
async function explain(pool: pg.Pool, text: string, values: unknown[]) {
  const client = await pool.connect();
  try {
    let plan: string[] = [];
    for (let i = 0; i < 3; i++) {
      await client.query('begin');
      try {
        const result = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${text}`,
          values,
        );
        plan = result.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await client.query('rollback');
      }
    }
    const time = (label: string) =>
      Number(plan.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? NaN);
    return {
      planningMs: time('Planning Time'),
      executionMs: time('Execution Time'),
      plan: plan.filter((l) => !/^(Planning|Execution) Time/.test(l)),
    };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    client.release();
  }
}

export interface Timing {
  what: string;
  /** Per call, sequential: wall time and this process's CPU time. */
  wallUs: number;
  cpuUs: number;
}

export interface CostAnalysis {
  /** The session check's parts and variants, and one statement through each layer. */
  timings: Timing[];
  serialisation: { key: string; bytes: number; zodUs: number; stringifyUs: number }[];
}

/**
 * Sequential calls of each variant, interleaved over `rounds` rounds (the other sessions' load
 * comes and goes): per variant the round with the least CPU time, wall and CPU per call.
 */
async function timed(
  variants: { what: string; calls: number; fn: () => Promise<unknown> }[],
  rounds = 5,
): Promise<Timing[]> {
  const best = new Map<string, Timing>();
  for (let round = 0; round < rounds; round++)
    for (const { what, calls, fn } of variants) {
      const n = Math.max(1, Math.round(calls / rounds));
      for (let i = 0; i < Math.min(100, n); i++) await fn();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await fn();
      const wallUs = ((performance.now() - t0) * 1000) / n;
      const cpu = process.cpuUsage(cpu0);
      const timing = { what, wallUs, cpuUs: (cpu.user + cpu.system) / n };
      const kept = best.get(what);
      if (!kept || timing.cpuUs < kept.cpuUs) best.set(what, timing);
    }
  return variants.map((v) => best.get(v.what)!);
}

/**
 * In this process, sequential: the session check (AuthService.sessionUser: JWT, then the lookup)
 * and its parts; the lookup's statement through drizzle as the app sends it, as a drizzle
 * prepared statement, and through pg alone; and each answer's serialisation.
 */
export async function analyseCosts(
  services: Services,
  db: Db,
  databaseUrl: string,
  jwtSecret: string,
  token: string,
  answers: { route: RouteSpec; body: string }[],
): Promise<CostAnalysis> {
  const tokens = new SessionTokens(jwtSecret, 86_400);
  const claims = await tokens.verify(token);
  if (!claims) throw new Error('the token does not verify');
  const cryptoKey = await webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const jwtOptions = { algorithms: ['HS256'], issuer: 'ctn', requiredClaims: ['exp', 'sub'] };
  const asTheAppSendsIt = sessionLookup(db);
  const builtEachTime = (id: string) =>
    db
      .select({
        id: users.id,
        email: users.email,
        isAdmin: users.isAdmin,
        status: users.status,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, id));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const text =
    'select "id", "email", "is_admin", "status", "token_version" from "users" where "users"."id" = $1';
  let timings: Timing[];
  try {
    timings = await timed([
      {
        what: 'AuthService.sessionUser (as every request)',
        calls: 2_000,
        fn: () => services.auth.sessionUser(token),
      },
      {
        what: '  JWT verify (SessionTokens: a token checked once is kept)',
        calls: 5_000,
        fn: async () => tokens.verify(token),
      },
      {
        what: '  JWT verify through jose (WebCrypto, key imported once)',
        calls: 5_000,
        fn: () => jwtVerify(token, cryptoKey, jwtOptions),
      },
      {
        what: '  lookup: drizzle prepared statement (sessionLookup: session, user, 2FA; as the app)',
        calls: 2_000,
        fn: () => asTheAppSendsIt(claims.sessionId),
      },
      {
        what: '  lookup of the users row alone: drizzle query built each time',
        calls: 2_000,
        fn: () => builtEachTime(claims.userId),
      },
      {
        what: '  lookup of the users row alone: pg, unnamed statement',
        calls: 2_000,
        fn: () => pool.query(text, [claims.userId]),
      },
      {
        what: '  lookup of the users row alone: pg, named statement',
        calls: 2_000,
        fn: () => pool.query({ name: 'load_bench_raw_session', text, values: [claims.userId] }),
      },
      { what: 'select 1 through pg alone', calls: 2_000, fn: () => pool.query('select 1') },
    ]);
  } finally {
    await pool.end();
  }

  const serialisation = [];
  for (const { route, body } of answers) {
    const payload: unknown = JSON.parse(body);
    const serialize = (
      serializerCompiler as unknown as (o: {
        schema: z.ZodType;
        method: string;
        url: string;
        httpStatus: string;
      }) => (data: unknown) => string
    )({
      schema: envelopeSchema(route.schema),
      method: route.method,
      url: route.path,
      httpStatus: '200',
    });
    const rounds = 2_000;
    for (let i = 0; i < 200; i++) serialize(payload);
    let t0 = performance.now();
    for (let i = 0; i < rounds; i++) serialize(payload);
    const zodUs = ((performance.now() - t0) * 1000) / rounds;
    t0 = performance.now();
    for (let i = 0; i < rounds; i++) JSON.stringify(payload);
    const stringifyUs = ((performance.now() - t0) * 1000) / rounds;
    serialisation.push({ key: route.key, bytes: Buffer.byteLength(body), zodUs, stringifyUs });
  }
  return { timings, serialisation };
}

export interface RouteProfile {
  key: string;
  requests: number;
  /** The rate the route was held at: half of what it reached in the measured run. */
  rate: number;
  /** CPU milliseconds per request of the server process (all threads), from /proc. */
  cpuMsPerRequest: number;
  /** The main thread's samples per request by category, us. */
  perRequestUs: Record<string, number>;
  top: { fn: string; category: string; us: number }[];
  idleShare: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where the server's main thread spends a request, per route: autocannon at half the rate the
 * route reached (so the cores are not saturated and a sample's wall time is the thread's own
 * work, not a wait for a core), the server started with node --cpu-prof; the profile is cut
 * into each route's window with the probe's clock marks.
 */
export async function profileRoutes(
  server: Child,
  routes: { route: RouteSpec; rate: number }[],
  options: { connections: number; seconds: number; warmup: number; cpu: CpuProbe },
  stopAndRead: () => Promise<CpuProfile | null>,
): Promise<RouteProfile[]> {
  const windows: {
    route: RouteSpec;
    rate: number;
    from: number;
    to: number;
    requests: number;
    cpu: number;
  }[] = [];
  for (const { route, rate } of routes) {
    const base = {
      url: `http://127.0.0.1:${server.port}${route.path}`,
      connections: options.connections,
      headers: route.headers,
      overallRate: Math.max(1, Math.round(rate)),
    };
    if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
    const from = await probe(server, 'probe:mark');
    const before = cpuSnapshot(options.cpu);
    const result = await autocannon({ ...base, duration: options.seconds });
    const requests = Math.max(1, result.requests.total);
    const cpu = cpuDelta(options.cpu, before, requests).cpu.server;
    const to = await probe(server, 'probe:mark');
    windows.push({ route, rate, from, to, requests, cpu });
  }
  const profile = await stopAndRead();
  if (!profile) return [];
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  return windows.map((w) => {
    const byCategory = new Map<string, number>();
    const byFunction = new Map<string, { category: string; us: number }>();
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (at < w.from || at > w.to) return;
      const frame = frames.get(id);
      if (!frame) return;
      const category = categoryOf(frame.functionName, frame.url);
      byCategory.set(category, (byCategory.get(category) ?? 0) + delta);
      const where = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/server\//, '');
      const fn = `${frame.functionName || '(anonymous)'} ${where}`.trim();
      const entry = byFunction.get(fn) ?? { category, us: 0 };
      entry.us += delta;
      byFunction.set(fn, entry);
    });
    const idle = byCategory.get('idle') ?? 0;
    byCategory.delete('idle');
    const busy = [...byCategory.values()].reduce((a, b) => a + b, 0);
    const perRequestUs = Object.fromEntries(
      [...byCategory].map(([category, us]) => [category, us / w.requests]),
    );
    return {
      key: w.route.key,
      requests: w.requests,
      rate: w.rate,
      cpuMsPerRequest: w.cpu,
      perRequestUs,
      top: [...byFunction]
        .filter(([, v]) => v.category !== 'idle')
        .map(([fn, v]) => ({ fn, category: v.category, us: v.us / w.requests }))
        .sort((a, b) => b.us - a.us)
        .slice(0, 10),
      idleShare: idle / Math.max(1, idle + busy),
    };
  });
}

/** The main thread's profile of a server started with --cpu-prof into `dir` (the largest file). */
export function readProfile(dir: string): CpuProfile | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  return files[0] ? (JSON.parse(readFileSync(files[0], 'utf8')) as CpuProfile) : null;
}

/** Where a sample's own time belongs, from its function's script. */
function categoryOf(functionName: string, url: string): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 / native (program)';
  if (url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(functionName))
    return 'socket writes (syscalls, loopback TCP)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (pkg === 'drizzle-orm') return 'drizzle-orm (query building, row mapping)';
    if (/^pg(-|$)/.test(pkg) || pkg.startsWith('postgres-')) return 'pg driver';
    if (pkg === 'jose') return 'JWT (jose + webcrypto HMAC)';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod')
      return 'zod (validation, serialisation)';
    if (pkg === 'helmet' || pkg === '@fastify/helmet') return 'helmet (security headers)';
    if (pkg.startsWith('pino') || pkg === 'sonic-boom') return 'logging (pino)';
    if (pkg === 'prom-client') return 'metrics (prom-client)';
    if (
      /fastify|find-my-way|avvio|light-my-request|fast-json|fast-querystring|toad-cache/.test(pkg)
    )
      return 'fastify';
    return 'other packages';
  }
  if (url.includes('internal/crypto')) return 'JWT (jose + webcrypto HMAC)';
  if (url.includes('/packages/contracts/') || url.includes('/apps/server/src/'))
    return 'app code (src, contracts)';
  if (url.startsWith('node:') || url === '') return 'node core (http, net, streams, timers)';
  return 'other';
}
