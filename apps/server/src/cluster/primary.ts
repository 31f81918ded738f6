import cluster, { type Worker } from 'node:cluster';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { AggregatorRegistry, Gauge, Registry } from 'prom-client';
import type { Config } from '../config';
import {
  answerWorkers,
  CONNECTION,
  CONNECTION_CLOSED,
  isMessage,
  METRICS_REQUEST,
  WORKER_CLOSING,
  WORKER_READY,
} from '../lib/worker-messages';
import { LeastBusy } from './least-busy';

/** A worker that keeps dying is started again after this long, at most. */
const RESTART_MS = [1_000, 2_000, 5_000, 10_000];
/** Connections that arrive while no worker is ready wait, this many at most; more are closed. */
const MAX_WAITING = 1_024;

/**
 * The primary of `WORKERS` server processes on one port. It listens itself and hands each new
 * connection to the worker holding the fewest (least-busy.ts, decision 033); the workers serve
 * them (worker.ts). It runs no app: it starts the workers, starts a worker again when one dies,
 * sums the workers' metrics for the one that is scraped, and on SIGTERM/SIGINT stops accepting
 * and passes the signal on, each worker finishing its own work (main.ts). When no worker has ever
 * become ready, one that dies (bad configuration, an unreachable database at start) stops the
 * whole server: starting it again would not help.
 */
export async function runPrimary(config: Pick<Config, 'workers' | 'port' | 'host'>): Promise<void> {
  const balance = new LeastBusy<Worker>();
  const workerMetrics = new AggregatorRegistry();
  const own = new Registry();
  new Gauge({
    name: 'http_connections_open',
    help: 'Open connections per worker process, as the primary that hands them out counts them.',
    labelNames: ['worker'],
    registers: [own],
    collect() {
      this.reset();
      for (const [worker, held] of balance.held()) this.set({ worker: String(worker.id) }, held);
    },
  });
  const waiting: Socket[] = [];
  let everReady = false;
  let stopping = false;
  let exitCode = 0;
  let restarts = 0;

  const hand = (socket: Socket) => {
    const worker = balance.take();
    if (!worker) {
      if (waiting.length < MAX_WAITING) waiting.push(socket);
      else socket.destroy();
      return;
    }
    worker.send({ type: CONNECTION }, socket, (err) => {
      if (!err) return;
      balance.release(worker);
      socket.destroy();
    });
  };
  // Paused: nothing is read here, the worker reads the request from the socket it is handed.
  const server = createServer({ pauseOnConnect: true, noDelay: true }, hand);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A failed accept (out of file descriptors) costs that connection, not the server.
  server.on('error', (err) => console.error('accepting a connection failed:', err));
  const port = (server.address() as AddressInfo).port;

  const fork = (): Worker => {
    // The port actually listened on (PORT=0 picks one), for the worker's banner.
    const worker = cluster.fork({ PORT: String(port) });
    answerWorkers(
      worker,
      METRICS_REQUEST,
      async () => `${(await workerMetrics.clusterMetrics()).trimEnd()}\n${await own.metrics()}`,
    );
    worker.on('message', (message: unknown) => {
      if (isMessage(message, CONNECTION_CLOSED)) balance.release(worker);
      else if (isMessage(message, WORKER_READY)) {
        balance.add(worker);
        everReady = true;
        restarts = 0;
        for (const socket of waiting.splice(0)) hand(socket);
      } else if (isMessage(message, WORKER_CLOSING)) balance.remove(worker);
    });
    return worker;
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.close();
    for (const socket of waiting.splice(0)) socket.destroy();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    balance.remove(worker);
    if (code !== 0) exitCode = 1;
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(exitCode);
      return;
    }
    if (!everReady) {
      console.error(
        `worker ${worker.process.pid} exited before it was ready (code ${code}): stopping`,
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
  for (let i = 0; i < config.workers; i += 1) fork();
}
