// The report of npm run bench:load: each run's line, the verdict of a read against its goal, and
// the results table.
import type { RouteSpec } from './load-setup';
import { fmt, ms, printTable, type Run } from './load-support';

export const TARGET_P99_MS = 25;

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
      r.serverWaiting === null ? '-' : `${r.serverWaiting.toFixed(0)}%`,
      r.connectionsPerProcess?.join('/') ?? '-',
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
      // The tail of a read on a machine whose every core is taken (docs/performance.md).
      'server waiting for a core',
      // How the primary shared the connections out among its workers.
      'connections per process',
    ],
    rows,
  );
}
