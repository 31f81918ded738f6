import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { answerWorkers, METRICS_REQUEST } from './lib/worker-messages';

/** A worker that keeps dying is started again after this long, at most. */
const RESTART_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * The primary of `WORKERS` server processes on one port (node:cluster; the kernel hands out the
 * connections). It runs no app: it starts the workers, starts a worker again when one dies, sums
 * the workers' metrics for the one that is scraped, and passes SIGTERM/SIGINT on, each worker
 * finishing its own work (main.ts). When no worker has ever listened, one that dies (bad
 * configuration, an unreachable database at start) stops the whole server: starting it again
 * would not help.
 */
export function runPrimary(workers: number): void {
  const metrics = new AggregatorRegistry();
  const listened = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let restarts = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    answerWorkers(worker, METRICS_REQUEST, () => metrics.clusterMetrics());
    worker.once('listening', () => {
      listened.add(worker.id);
      restarts = 0;
    });
    return worker;
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (code !== 0) exitCode = 1;
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(exitCode);
      return;
    }
    if (listened.size === 0) {
      console.error(
        `worker ${worker.process.pid} exited before listening (code ${code}): stopping`,
      );
      stop('SIGTERM');
      if (alive === 0) process.exit(1);
      return;
    }
    const wait = RESTART_MS[Math.min(restarts, RESTART_MS.length - 1)]!;
    restarts += 1;
    console.error(
      `worker ${worker.process.pid} exited (code ${code}, signal ${signal}): starting another in ${wait / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, wait);
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < workers; i += 1) fork();
}
