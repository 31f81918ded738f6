// npm run bench:load [-- --duration 10 --warmup 3 --connections 50] [-- --json FILE]
//                    [-- --routes signin,profile,stats,history,rewards,withdrawals,admin] [-- --dist]
//                    [-- --no-analyse] [-- --experiment NAME ...]
//
// Load benchmark of the real server over HTTP, against the PostgreSQL of DATABASE_URL (a
// database of its own, e.g. ctn_load on scripts/pg-test-cluster.sh; ctn_test and the tests'
// ctn_t_* databases are refused):
// 1. migrates, then makes sure the database holds the generated 100k-member network (reused when
//    there, else generated as seed:network does) with realistic data for the measured reads:
//    the measured member on level 8 of it with the largest network, 3 reward cycles over the
//    whole network, subscription payments of its first levels, withdrawals (load-data.ts);
// 2. starts the real server (src/main.ts through tsx; --dist: the built dist/main.js) and the
//    bare Fastify routes (load-bare.ts) as child processes on 127.0.0.1, on free ports;
// 3. signs in (the member, an administrator), checks that every route answers 200 with its
//    schema's shape, then runs autocannon on each (--connections, --warmup s, then --duration s),
//    and sign-in with its own driver (one account per connection, source addresses rotated below
//    the per-address limit);
// 4. prints the table (req/s, p50, p99, non-2xx, ratio to the floor, CPU per request of the
//    server, PostgreSQL and the load generator) and checks the goals of issue 16: each read's
//    req/s at least its share of the floor's (the bare process answering one prepared
//    primary-key SELECT, measured first and last) and p99 <= 25 ms; exit code 1 when one is
//    missed. The server runs as in production: request logs on (to a file), one worker per core
//    with Redis (started here);
// 5. unless --no-analyse, restarts the server with load-probe.ts: the SQL statements of each
//    route's request, their time and EXPLAIN ANALYZE; the server's CPU per request by category
//    under load (V8 profiler); the cost of the session check and of serialisation
//    (load-analyse.ts);
// 6. experiments, measured and never made (load-probe.ts), each against the server as it is,
//    interleaved (A B B A per read, --experiment-duration s each); --experiment, repeatable:
//    session-cache (the session check cached --session-cache-ms per token), cache-sql (the
//    answers of the statements matching --cache-sql REGEX cached --cache-sql-ms).
// Exit code 1 when any measured answer was not 2xx (a benchmark of error answers is worthless).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices } from '../src/services';
import { ConfigError, parseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import {
  analyseCosts,
  analyseRoutes,
  profileRoutes,
  readProfile,
  type RouteSpec,
} from './load-analyse';
import { BENCH_ADMIN_TOTP_SECRET, BENCH_PASSWORD, ensureData } from './load-data';
import {
  BENCH_TWO_FACTOR_KEY,
  checkRoutes,
  machineFacts,
  quietBackground,
  routeSpecs,
  serverEnv,
  signIn,
} from './load-setup';
import {
  experimentTable,
  printAnalysis,
  printProfiles,
  progress,
  resultTable,
  TARGET_P99_MS,
  verdictOf,
} from './load-report';
import { startRedis } from '../test/redis';
import {
  SERVER_DIR,
  cannon,
  fail,
  fmt,
  signInLoad,
  startChild,
  stopAll,
  type Child,
  type Run,
} from './load-support';

const ROUTE_KEYS = [
  'signin',
  'profile',
  'stats',
  'history',
  'rewards',
  'withdrawals',
  'admin',
] as const;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      members: { type: 'string', default: '100000' },
      level: { type: 'string', default: '8' },
      cycles: { type: 'string', default: '3' },
      routes: { type: 'string', default: ROUTE_KEYS.join(',') },
      json: { type: 'string' },
      dist: { type: 'boolean', default: false },
      'no-analyse': { type: 'boolean', default: false },
      'analyse-requests': { type: 'string', default: '200' },
      'profile-seconds': { type: 'string', default: '6' },
      experiment: { type: 'string', multiple: true },
      'session-cache-ms': { type: 'string', default: '5000' },
      'cache-sql': { type: 'string' },
      'cache-sql-ms': { type: 'string', default: '5000' },
      'experiment-duration': { type: 'string', default: '5' },
    },
  });
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number of at least ${min}`);
    return n;
  };
  const duration = num('duration', values.duration, 1);
  const warmup = num('warmup', values.warmup, 0);
  const connections = num('connections', values.connections, 1);
  const analyseRequests = num('analyse-requests', values['analyse-requests'], 10);
  const profileSeconds = num('profile-seconds', values['profile-seconds'], 1);
  const sessionCacheMs = num('session-cache-ms', values['session-cache-ms'], 1);
  const cacheSqlMs = num('cache-sql-ms', values['cache-sql-ms'], 1);
  const experimentDuration = num('experiment-duration', values['experiment-duration'], 1);
  const wanted = new Set(values.routes.split(',').map((r) => r.trim()));
  for (const key of wanted)
    if (!(ROUTE_KEYS as readonly string[]).includes(key))
      fail(`--routes: unknown route ${key} (known: ${ROUTE_KEYS.join(', ')})`);

  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    fail(
      'bench:load needs PostgreSQL: set DATABASE_URL to a postgres:// URL of a database of its own, e.g.\n' +
        '  scripts/pg-test-cluster.sh start\n' +
        '  psql "$(scripts/pg-test-cluster.sh url)" -c "create database ctn_load"\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:54329/ctn_load npm run bench:load',
    );
  const dbName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (dbName === 'ctn_test' || dbName.startsWith('ctn_t_'))
    fail(
      `bench:load writes benchmark data (a 100k network, cycles, withdrawals): not into ${dbName}, the tests' database. Use a database of its own (ctn_load).`,
    );
  const serverEntry = join(SERVER_DIR, values.dist ? 'dist/main.js' : 'src/main.ts');
  if (values.dist && !existsSync(serverEntry))
    fail(`--dist: ${serverEntry} does not exist (npm run build first)`);
  const EXPERIMENTS = ['session-cache', 'cache-sql'];
  for (const name of values.experiment ?? [])
    if (!EXPERIMENTS.includes(name))
      fail(`--experiment: unknown ${name} (known: ${EXPERIMENTS.join(', ')})`);
  if (values.experiment?.includes('cache-sql') && !values['cache-sql'])
    fail('--experiment cache-sql needs --cache-sql REGEX');
  if (values.dist && values.experiment?.length)
    fail('--experiment patches the source modules: run it without --dist');

  // One secret for the child servers and this process: tokens signed there verify here.
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'ctn-load-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    TWO_FACTOR_KEY: BENCH_TWO_FACTOR_KEY,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const started = performance.now();
  const database = await openDatabase(config.database);
  const { services, close: closeServices } = await createServices(config, database);
  const report: Record<string, unknown> = {};
  let failed = false;
  let goalsMissed = false;
  let stopRedis = async () => undefined as void;
  try {
    await migrate(database);
    const { db } = database;
    const data = await ensureData(database, services, {
      members: num('members', values.members, 1),
      level: num('level', values.level, 1),
      cycles: num('cycles', values.cycles, 0),
      signInAccounts: connections,
      log: (line) => console.log(line),
    });
    const quiet = await quietBackground(db, services);
    const machine = await machineFacts(db, values.dist ?? false);
    const m = data.member;
    console.log(
      [
        '',
        `Load benchmark: ${connections} connections, ${warmup} s warm-up + ${duration} s per route`,
        `  ${machine.postgres}; Node ${machine.node}; ${machine.cpus}; load average ${machine.loadAverageBefore.join(' ')}`,
        `  settings: ${Object.entries(machine.settings)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}`,
        `  server: ${machine.server}, NODE_ENV=test, LOG_LEVEL=info (request logs to a file), WORKERS=${availableParallelism()} with Redis, its background jobs running`,
        `  network: ${fmt(data.network.members)} members below ${data.network.topEmail} (${data.network.generated ? 'generated now' : 'found'}); ${fmt(data.network.paths)} closure rows`,
        `  measured member ${m.userId} (${m.email}): level ${m.level}, ${fmt(m.downline)} members in its network,`,
        `    ${fmt(m.rewards.downline)} DOWNLINE lines from ${m.rewards.cycles} cycles, ${fmt(m.rewards.direct)} DIRECT lines, ${fmt(m.ledgerEntries)} ledger entries,`,
        `    withdrawals ${
          Object.entries(m.withdrawals)
            .map(([s, n]) => `${s} ${n}`)
            .join(', ') || 'none'
        }, available ${m.availableUsdt.toFixed(2)} USDT`,
        `  ${data.added.length ? `added this run: ${data.added.join('; ')}` : 'nothing added: everything was found'}`,
        `  before starting the server: ${quiet}`,
        '',
      ].join('\n'),
    );
    report['machine'] = machine;
    report['data'] = data;

    // ------------------------------------------------------------------- measured runs
    const redis = await startRedis();
    stopRedis = () => redis.stop();
    const env = serverEnv(databaseUrl, jwtSecret, dataDir, redis.url);
    const tsx = ['--import', 'tsx'];
    const bare = await startChild('bare routes', [...tsx, join(SERVER_DIR, 'bench/load-bare.ts')], {
      ...env,
      BARE_DATABASE_URL: databaseUrl,
      BARE_USER_ID: m.id,
    });
    const cpuOf = (child: Child) => ({ serverPid: child.process.pid ?? 0, dbName });
    const load = { connections, duration, warmup };
    const runRoute = async (
      route: RouteSpec,
      child: Child,
      label = route.name,
      seconds = duration,
    ) => {
      const run =
        route.method === 'POST'
          ? await signInLoad(label, child.port, data.signIn, BENCH_PASSWORD, {
              ...load,
              duration: seconds,
              cpu: cpuOf(child),
            })
          : await cannon(label, `http://127.0.0.1:${child.port}${route.path}`, {
              ...load,
              duration: seconds,
              headers: route.headers,
              cpu: cpuOf(child),
            });
      progress(run);
      return run;
    };
    const runs: Run[] = [];
    // The floor of every goal, measured first and last with the server stopped both times: the
    // machine's load moves in between, and a server warming up beside it would lower it.
    const references = routeSpecs(m.userId, '', '', '').filter((r) => r.reference);
    const floorRoute = references.find((r) => r.key === 'bare-db-prepared')!;
    runs.push(await runRoute(floorRoute, bare));
    // The other references in the same conditions (pg unnamed, postgres.js, no database).
    for (const route of references.filter((r) => r !== floorRoute))
      runs.push(await runRoute(route, bare));
    const serverArgs = values.dist ? [serverEntry] : [...tsx, serverEntry];
    // The probe is TypeScript: loaded through tsx whichever server runs.
    const probed = [...tsx, '--import', join(SERVER_DIR, 'bench/load-probe.ts'), serverEntry];
    let server = await startChild('server', serverArgs, env);
    console.log(
      `server pid ${server.process.pid} on port ${server.port}; bare routes pid ${bare.process.pid} on port ${bare.port}`,
    );

    const member = await signIn(server, m.email);
    const admin = await signIn(server, data.admin.email, BENCH_ADMIN_TOTP_SECRET);
    const routes = routeSpecs(m.userId, member, admin, data.signIn[0]?.email ?? m.email);
    const measured = routes.filter((r) => r.reference || wanted.has(r.key));
    const answers = await checkRoutes(server, bare, measured);

    // Reads first, sign-in last: it writes (last_login_at, member_logins).
    for (const route of measured.filter((r) => !r.reference && r.method === 'GET'))
      runs.push(await runRoute(route, server));
    for (const route of measured.filter((r) => r.method === 'POST'))
      runs.push(await runRoute(route, server));
    await server.stop();
    runs.push(await runRoute(floorRoute, bare, `${floorRoute.name}, again`));

    // The better of the floor's two runs: a run pulled down by something else on the machine
    // (a first run here has been 9k beside 21k) would make every read look better than it is.
    const floors = runs.filter((r) => r.route.startsWith(floorRoute.name));
    const floorRate = Math.max(...floors.map((r) => r.reqPerSec));
    console.log(
      `\nResults (of floor: req/s over the better of the floor's two runs, ${fmt(floorRate)} req/s, the bare Fastify process answering one prepared primary-key SELECT; goals for the reads: that share of it and p99 <= ${TARGET_P99_MS} ms)\n`,
    );
    report['table'] = resultTable(runs, measured, floorRate);
    report['runs'] = runs.map((r) => ({ ...r, ratio: r.reqPerSec / floorRate }));
    const verdicts = measured
      .filter((route) => route.goal !== undefined)
      .map((route) => {
        const run = runs.find((r) => r.route === route.name);
        return {
          route: route.name,
          ...(run
            ? verdictOf(run, route, floorRate)
            : { met: false, misses: ['not run'], ratio: 0 }),
        };
      });
    report['goals'] = verdicts;
    const missed = verdicts.filter((v) => !v.met);
    console.log(
      missed.length === 0
        ? `\nGoals: all ${verdicts.length} met.`
        : `\nGoals: ${verdicts.length - missed.length} of ${verdicts.length} met; missed: ${missed.map((v) => `${v.route} (${v.misses.join(', ')})`).join('; ')}.`,
    );
    if (missed.length > 0) goalsMissed = true;
    for (const r of runs.filter((r) => r.non2xx + r.errors + r.timeouts > 0)) {
      failed = true;
      console.log(
        `\n!!!!! ${r.route}: ${fmt(r.non2xx)} non-2xx answers, ${fmt(r.errors)} errors, ${fmt(r.timeouts)} timeouts out of ${fmt(r.requests)}: its figures measure error answers, not the route !!!!!`,
      );
    }
    console.log(
      `load average after the runs: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    // ---------------------------------------------------------------------- analysis
    const reads = measured.filter((r) => r.target);
    if (!values['no-analyse']) {
      console.log(
        `\nAnalysis: ${analyseRequests} sequential requests per route against the server with load-probe.ts`,
      );
      server = await startChild('server (probed)', probed, {
        ...env,
        LOAD_PROBE: '1',
        WORKERS: '1',
      });
      const routeAnalysis = await analyseRoutes(
        server,
        measured.filter((r) => !r.reference),
        databaseUrl,
        analyseRequests,
      );
      await server.stop();
      const costs = await analyseCosts(
        services,
        db,
        databaseUrl,
        jwtSecret,
        member,
        answers.filter((a) => !a.route.reference),
      );
      printAnalysis(routeAnalysis, costs);
      const profileDir = join(dataDir, 'cpu-profile');
      const profiled = await startChild(
        'server (profiled)',
        ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250', ...probed],
        { ...env, LOAD_PROFILE: '1', WORKERS: '1' },
      );
      const profiles = await profileRoutes(
        profiled,
        reads.map((route) => ({
          route,
          rate: (runs.find((r) => r.route === route.name)?.reqPerSec ?? 100) / 2,
        })),
        { connections, seconds: profileSeconds, warmup: Math.min(warmup, 2), cpu: cpuOf(profiled) },
        async () => {
          await profiled.stop();
          return readProfile(profileDir);
        },
      );
      printProfiles(profiles, profileSeconds, connections);
      report['analysis'] = { ...routeAnalysis, costs, profiles };
    }

    // ------------------------------------------------------------------- experiments
    const experiments = (values.experiment ?? []).map((name) => {
      switch (name) {
        case 'session-cache':
          return {
            label: `session check cached ${sessionCacheMs} ms`,
            env: { LOAD_SESSION_CACHE_MS: String(sessionCacheMs) },
          };
        default:
          return {
            label: `statements /${values['cache-sql']}/ cached ${cacheSqlMs} ms`,
            env: {
              LOAD_CACHE_SQL: values['cache-sql'] ?? '',
              LOAD_CACHE_SQL_MS: String(cacheSqlMs),
            },
          };
      }
    });
    const experimentReports = [];
    for (const experiment of experiments) {
      // A/B interleaved (A B B A per route) with both servers up: the other sessions' load on
      // the shared cores changes from minute to minute, a before/after far apart would measure it.
      console.log(
        `\nExperiment: ${experiment.label} (load-probe.ts; the server does not do this): A = the server as it is, B = with the change, A B B A per route, ${experimentDuration} s each`,
      );
      const plain = await startChild('server (A)', serverArgs, { ...env, WORKERS: '1' });
      server = await startChild(`server (B: ${experiment.label})`, probed, {
        ...env,
        WORKERS: '1',
        ...experiment.env,
      });
      const pairs: { a: Run[]; b: Run[] }[] = [];
      for (const route of reads) {
        const pair = { a: [] as Run[], b: [] as Run[] };
        for (const [child, side] of [
          [plain, 'a'],
          [server, 'b'],
          [server, 'b'],
          [plain, 'a'],
        ] as const) {
          const run = await runRoute(
            route,
            child,
            `${route.name} (${side.toUpperCase()})`,
            experimentDuration,
          );
          pair[side].push(run);
        }
        pairs.push(pair);
      }
      await server.stop();
      await plain.stop();
      console.log('');
      experimentTable(pairs);
      if (pairs.some((p) => [...p.a, ...p.b].some((r) => r.non2xx + r.errors > 0))) failed = true;
      experimentReports.push({ label: experiment.label, pairs });
    }
    report['experiments'] = experimentReports;
    await bare.stop();

    console.log(`\ntotal time ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (values.json) {
      writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`figures written to ${values.json}`);
    }
    if (failed || goalsMissed) process.exitCode = 1;
  } finally {
    await stopAll();
    await stopRedis();
    await closeServices();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  await stopAll();
  process.exit(1);
});
