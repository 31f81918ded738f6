// The report of npm run bench:load: the results table, the analysis (see load-analyse.ts for
// what is measured) and the experiments.
import type { CostAnalysis, RouteAnalysis, RouteProfile, RouteSpec } from './load-analyse';
import { fmt, ms, printTable, type Run } from './load-support';

export const TARGET_P99_MS = 25;
/** Plans of statements slower than this are printed whole. */
const SLOW_MS = 0.5;

const errorsOf = (r: Run) => r.non2xx + r.errors + r.timeouts;

export function progress(run: Run): void {
  const flag = errorsOf(run) > 0 ? `  !!! ${run.non2xx} non-2xx, ${run.errors} errors` : '';
  console.log(
    `  ${run.route}: ${fmt(run.reqPerSec)} req/s, p50 ${ms(run.p50)} ms, p99 ${ms(run.p99)} ms${flag}`,
  );
}

/** Whether a read met its goal: req/s over the floor's, p99, no error answer. */
export function verdictOf(r: Run, route: RouteSpec | undefined, floorRate: number) {
  const ratio = r.reqPerSec / floorRate;
  const misses = [
    ratio < (route?.goal ?? 0) ? 'req/s' : '',
    r.p99 > TARGET_P99_MS ? 'p99' : '',
    errorsOf(r) > 0 ? 'errors' : '',
  ].filter(Boolean);
  return { ratio, misses, met: misses.length === 0 };
}

export function resultTable(runs: Run[], routes: RouteSpec[], floorRate: number): string {
  const spec = new Map(routes.map((r) => [r.name, r]));
  const rows = runs.map((r) => {
    const route = spec.get(r.route.replace(/, again$/, ''));
    const { ratio, misses } = verdictOf(r, route, floorRate);
    const verdict = route?.target
      ? misses.length === 0
        ? 'pass'
        : `FAIL (${misses.join(', ')})`
      : route?.method === 'POST'
        ? 'apart'
        : 'reference';
    const cpu = (v: number | null) => (v === null ? '-' : v.toFixed(2));
    return [
      r.route,
      fmt(r.reqPerSec),
      ms(r.p50),
      ms(r.p99),
      errorsOf(r) > 0 ? `!!! ${fmt(r.non2xx)}/${fmt(r.errors + r.timeouts)}` : '0',
      `${ratio.toFixed(2)}x`,
      route?.goal === undefined ? '' : `>= ${route.goal}x`,
      verdict,
      `${cpu(r.cpu.server)} / ${cpu(r.cpu.postgres)} / ${cpu(r.cpu.client)}`,
      r.machineBusy === null ? '-' : `${r.machineBusy.toFixed(0)}%`,
    ];
  });
  return printTable(
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx/err',
      'of floor',
      'goal',
      'verdict',
      'CPU ms/req server / pg / autocannon',
      'machine busy',
    ],
    rows,
  );
}

/** An experiment: per read, A (the server as it is) and B (with the change), two runs each. */
export function experimentTable(pairs: { a: Run[]; b: Run[] }[]): string {
  const mean = (runs: Run[], pick: (r: Run) => number) =>
    runs.reduce((sum, r) => sum + pick(r), 0) / Math.max(1, runs.length);
  const rows = pairs.map(({ a, b }) => {
    const rate = (runs: Run[]) => mean(runs, (r) => r.reqPerSec);
    const name = (a[0]?.route ?? '?').replace(/ \(A\)$/, '');
    const pg = (runs: Run[]) => mean(runs, (r) => r.cpu.postgres ?? 0);
    return [
      name,
      `${fmt(rate(a))} -> ${fmt(rate(b))}`,
      `${((rate(b) / rate(a) - 1) * 100).toFixed(0)}%`,
      `${ms(mean(a, (r) => r.p50))} -> ${ms(mean(b, (r) => r.p50))}`,
      `${ms(mean(a, (r) => r.p99))} -> ${ms(mean(b, (r) => r.p99))}`,
      `${mean(a, (r) => r.cpu.server).toFixed(2)} -> ${mean(b, (r) => r.cpu.server).toFixed(2)}`,
      `${pg(a).toFixed(2)} -> ${pg(b).toFixed(2)}`,
      [...a, ...b].some((r) => errorsOf(r) > 0) ? '!!!' : '0',
    ];
  });
  return printTable(
    [
      'route',
      'req/s A -> B',
      'gain',
      'p50 ms A -> B',
      'p99 ms A -> B',
      'server CPU ms/req',
      'pg CPU ms/req',
      'non-2xx/err',
    ],
    rows,
  );
}

const oneLine = (text: string, max = 110) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

export function printAnalysis(
  analysis: { routes: RouteAnalysis[]; background: number },
  costs: CostAnalysis,
): void {
  console.log('');
  printTable(
    ['route', 'statements/req', 'SQL ms/req (sum)', 'server ms/req', 'client p50 ms (sequential)'],
    analysis.routes.map((r) => [
      r.key,
      r.statementsPerRequest.toFixed(2),
      r.sqlMsPerRequest.toFixed(2),
      r.serverMsPerRequest.toFixed(2),
      r.clientP50.toFixed(2),
    ]),
  );
  console.log(`(statements outside requests, background jobs: ${analysis.background})`);
  for (const r of analysis.routes) {
    console.log(`\n${r.key}: ${r.statementsPerRequest.toFixed(2)} statements per request`);
    for (const s of r.statements) {
      const e = s.explain;
      const plan =
        e === undefined
          ? ''
          : 'error' in e
            ? `  EXPLAIN failed: ${e.error}`
            : `  exec ${e.executionMs.toFixed(3)} ms, plan ${e.planningMs.toFixed(3)} ms`;
      console.log(
        `  ${s.perRequest.toFixed(2)} x  ${s.meanMs.toFixed(2)} ms${plan}  | ${oneLine(s.text)}`,
      );
      if (e && !('error' in e) && e.executionMs + e.planningMs >= SLOW_MS)
        for (const line of e.plan) console.log(`        ${line}`);
    }
  }
  console.log(
    '\nThe session check and one statement, sequential calls in the benchmark process (best of 5 interleaved rounds):',
  );
  printTable(
    ['what', 'wall us/call', 'CPU us/call (this process)'],
    costs.timings.map((t) => [t.what, t.wallUs.toFixed(0), t.cpuUs.toFixed(0)]),
  );
  console.log('');
  printTable(
    ['answer', 'bytes', 'zod encode + stringify us', 'JSON.stringify alone us'],
    costs.serialisation.map((s) => [
      s.key,
      String(s.bytes),
      s.zodUs.toFixed(1),
      s.stringifyUs.toFixed(1),
    ]),
  );
}

export function printProfiles(
  profiles: RouteProfile[],
  seconds: number,
  connections: number,
): void {
  console.log(
    `\nWhere the server's main thread spends a request (node --cpu-prof, ${seconds} s per route at half the req/s it reached above, ${connections} connections): us of samples per request`,
  );
  const total = (c: string) => profiles.reduce((s, p) => s + (p.perRequestUs[c] ?? 0), 0);
  const categories = [...new Set(profiles.flatMap((p) => Object.keys(p.perRequestUs)))].sort(
    (a, b) => total(b) - total(a),
  );
  const sum = (p: RouteProfile) => Object.values(p.perRequestUs).reduce((a, b) => a + b, 0);
  printTable(
    ['category', ...profiles.map((p) => p.key)],
    [
      ...categories.map((c) => [c, ...profiles.map((p) => (p.perRequestUs[c] ?? 0).toFixed(0))]),
      ['main thread, sampled', ...profiles.map((p) => sum(p).toFixed(0))],
      [
        'process CPU from /proc (all threads)',
        ...profiles.map((p) => (p.cpuMsPerRequest * 1000).toFixed(0)),
      ],
      ['main thread idle', ...profiles.map((p) => `${(p.idleShare * 100).toFixed(0)}%`)],
      ['req/s held (requests)', ...profiles.map((p) => `${fmt(p.rate)} (${fmt(p.requests)})`)],
    ],
  );
  for (const p of profiles)
    console.log(
      `  ${p.key}, top functions (us/req): ${p.top
        .slice(0, 8)
        .map((t) => `${t.fn} ${t.us.toFixed(0)}`)
        .join('; ')}`,
    );
}
