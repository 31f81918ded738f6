import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import { askPrimary, METRICS_REQUEST } from '../lib/worker-messages';
import type { JobObserver } from '../jobs/scheduler';
import { AppError } from '../lib/app-error';

export interface Metrics {
  /**
   * This app's own series; the process series are shared (see processRegistry). Under
   * node:cluster they are summed over the workers (the primary collects them, WORKERS).
   */
  readonly registry: Registry;
  /** Counts a job run: hand it to the scheduler as its observer (it needs no `this`). */
  readonly observeJob: JobObserver;
  /** The Prometheus text exposition of this app's and the process's series. */
  scrape(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** What the gauges read, as functions: the plugin knows no service. */
export interface MetricsSources {
  /** The payment watcher on this instance: failing for, stalled for, faults by kind. */
  watcherFailingSeconds(): number;
  watcherStalledSeconds(): number;
  watcherFaults(): Iterable<[string, number]>;
  /** Final blocks not scanned yet; null when nothing has been scanned. */
  chainLagBlocks(): Promise<bigint | null>;
  pendingWithdrawals(): Promise<{
    count: number;
    amountMicro: bigint;
    oldestSeconds: number | null;
  }>;
  /** The mail outbox: unsent mails, the oldest one's age, mails refused for good in 24 h. */
  mailOutbox(): Promise<{ backlog: number; oldestSeconds: number | null; failedLastDay: number }>;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper must send it as a bearer token. Unset: loopback callers only. */
  token: string | undefined;
  sources: MetricsSources;
  /** How long a scrape waits for the chain node or the database before reporting -1. */
  sourceTimeoutMs?: number;
}

/** Reported by a gauge whose source could not be read at scrape time (logged). */
export const UNKNOWN = -1;

const DEFAULT_SOURCE_TIMEOUT_MS = 3_000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /metrics in the Prometheus text format (docs/operations.md "Monitoring"): request latency
 * by route pattern, background jobs, the payment watcher's lag behind the chain, pending
 * withdrawals, the mail outbox, and the process. Every series lives in a registry of this app (tests build many
 * apps in one process), never in prom-client's global one.
 *
 * Register on the root instance before the routes.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { sources } = options;
  const registry = new Registry();
  const registers = [registry];
  // Read from the database and the node by the worker that answers the scrape, once: their
  // registry is not summed over the workers.
  const sourced = [new Registry()];
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by route pattern.',
    // The route pattern, never the raw URL: ids and query strings would make a series each.
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // Not `job`: Prometheus puts its own `job` label (the scrape job) on every series and would
  // rename ours to `exported_job`.
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs made by this instance, by outcome.',
    labelNames: ['job_name', 'outcome'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Duration of background job runs made by this instance.',
    labelNames: ['job_name'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600],
    registers,
  });
  const chainLag = new Gauge({
    name: 'chain_lag_blocks',
    help: 'Final blocks the payment watcher has not scanned yet; -1 when unknown (not scanned yet, or the node or the database could not be read).',
    registers: sourced,
  });
  // The watcher's own state, in each worker's memory: read at collection, in every worker, and
  // combined over the workers (the one whose watcher runs is the one that knows).
  new Gauge({
    name: 'chain_watcher_failing_seconds',
    help: "How long this instance's payment watcher has been failing (0 when its last run succeeded).",
    registers,
    aggregator: 'max',
    collect() {
      this.set(sources.watcherFailingSeconds());
    },
  });
  new Gauge({
    name: 'chain_final_stalled_seconds',
    help: "How long the node's final block has not moved while its head has (0: moving).",
    registers,
    aggregator: 'max',
    collect() {
      this.set(sources.watcherStalledSeconds());
    },
  });
  new Gauge({
    name: 'chain_watcher_faults',
    help: 'Failed payment watcher runs on this instance since it started, by kind (timeout, rate_limited, range_limit, malformed_log, chain_switched, unreachable, rpc_error).',
    labelNames: ['kind'],
    registers,
    collect() {
      for (const [kind, count] of sources.watcherFaults()) this.set({ kind }, count);
    },
  });

  const pendingCount = new Gauge({
    name: 'withdrawals_pending',
    help: 'Withdrawal requests waiting for review; -1 when the database could not be read.',
    registers: sourced,
  });
  const pendingAmount = new Gauge({
    name: 'withdrawals_pending_amount_micro_usdt',
    help: 'Total amount of the pending withdrawal requests in micro-USDT; -1 when unknown.',
    registers: sourced,
  });
  const pendingOldest = new Gauge({
    name: 'withdrawals_pending_oldest_seconds',
    help: 'Age of the oldest pending withdrawal request (0 when none); -1 when unknown.',
    registers: sourced,
  });

  // Read from the database like the withdrawals: one outbox for every worker, never summed.
  const mailBacklog = new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Mails in the outbox neither delivered nor refused for good; -1 when unknown.',
    registers: sourced,
  });
  const mailOldest = new Gauge({
    name: 'mail_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest mail not delivered yet (0 when none); -1 when unknown. Administrators are mailed past 15 minutes.',
    registers: sourced,
  });
  const mailFailed = new Gauge({
    name: 'mail_outbox_failed_last_day',
    help: 'Mails the relay refused for good (5xx about the recipient) in the last 24 hours; -1 when unknown.',
    registers: sourced,
  });

  const observeJob: JobObserver = (job, outcome, seconds) => {
    jobRuns.inc({ job_name: job, outcome });
    jobDuration.observe({ job_name: job }, seconds);
  };
  const own = [processRegistry(), registry];
  // What the primary collects from every worker when one of them is scraped. prom-client answers
  // the primary once an AggregatorRegistry exists in the worker.
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries(own);
  }
  const scrape = async () => {
    if (!cluster.isWorker) return Registry.merge([...own, ...sourced]).metrics();
    const summed = await askPrimary<string>(METRICS_REQUEST, null);
    return `${summed.trimEnd()}\n${await Registry.merge(sourced).metrics()}`;
  };
  app.decorate('metrics', { registry, observeJob, scrape });

  // One labelled child per route, method and status, made once and found through maps keyed by
  // the values the request already holds: observing allocates nothing per request (issue 16).
  type Child = ReturnType<typeof requestDuration.labels>;
  const durations = new Map<string, Map<string, Map<number, Child>>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    let byMethod = durations.get(route);
    if (!byMethod) durations.set(route, (byMethod = new Map<string, Map<number, Child>>()));
    let byStatus = byMethod.get(request.method);
    if (!byStatus) byMethod.set(request.method, (byStatus = new Map<number, Child>()));
    let child = byStatus.get(reply.statusCode);
    if (!child) {
      child = requestDuration.labels(request.method, route, String(reply.statusCode));
      byStatus.set(reply.statusCode, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  const timeoutMs = options.sourceTimeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
  /** Reads the gauges' sources; a source that fails or hangs reports -1 and the scrape goes on. */
  const readGauges = async () => {
    await Promise.all([
      within(sources.chainLagBlocks(), timeoutMs).then(
        (blocks) => chainLag.set(blocks === null ? UNKNOWN : Number(blocks)),
        (err: unknown) => {
          app.log.warn({ err }, 'metrics: chain lag could not be read');
          chainLag.set(UNKNOWN);
        },
      ),
      within(sources.pendingWithdrawals(), timeoutMs).then(
        (pending) => {
          pendingCount.set(pending.count);
          pendingAmount.set(Number(pending.amountMicro));
          pendingOldest.set(pending.oldestSeconds ?? 0);
        },
        (err: unknown) => {
          app.log.warn({ err }, 'metrics: pending withdrawals could not be read');
          for (const gauge of [pendingCount, pendingAmount, pendingOldest]) gauge.set(UNKNOWN);
        },
      ),
      within(sources.mailOutbox(), timeoutMs).then(
        (outbox) => {
          mailBacklog.set(outbox.backlog);
          mailOldest.set(outbox.oldestSeconds ?? 0);
          mailFailed.set(outbox.failedLastDay);
        },
        (err: unknown) => {
          app.log.warn({ err }, 'metrics: the mail outbox could not be read');
          for (const gauge of [mailBacklog, mailOldest, mailFailed]) gauge.set(UNKNOWN);
        },
      ),
    ]);
  };

  app.get(
    '/metrics',
    // Hidden from the API document; a scrape every few seconds would flood the request log.
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      // 404, not 401: to anyone else the endpoint does not exist.
      if (!mayScrape(request, options.token)) throw new AppError('NOT_FOUND');
      await readGauges();
      return reply
        .header('cache-control', 'no-store')
        .type(Registry.PROMETHEUS_CONTENT_TYPE)
        .send(await scrape());
    },
  );
}

/**
 * With a token, the bearer token must match. Without one, only a caller on this machine that is
 * not relaying someone else: behind a reverse proxy on the same host every request comes from
 * loopback, so a request carrying a forwarding header is refused, and `request.ip` (taken from
 * X-Forwarded-For in production) must be loopback too.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const presented = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    return presented !== undefined && sameSecret(presented, token);
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
}

/** Compares digests, so neither the content nor the length of the token leaks through timing. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

let shared: Registry | null = null;
/**
 * prom-client's process metrics (CPU, memory, event loop, GC, handles), collected once per
 * process and merged into every app's scrape: they describe the process, not an app, and each
 * collection starts an event-loop monitor and a GC observer that are never stopped, which a test
 * run building hundreds of apps in one process would pile up.
 */
function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
