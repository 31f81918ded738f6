import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import * as q from './jobs.queries';

export type JobOutcome = 'ok' | 'failed';

/** Told about every run this instance makes (metrics). */
export type JobObserver = (job: string, outcome: JobOutcome, seconds: number) => void;

export interface JobDefinition {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  /** The very first run after the job is first known; later starts keep the stored schedule. */
  firstAfterMs?: number;
  /** How long a run may go without renewing its lease before another instance retries it. */
  leaseMs?: number;
}

export interface SchedulerOptions {
  db: Db;
  log: Logger;
  observe?: JobObserver;
  /** Identifies this process in job_runs. */
  instance?: string;
  /** How often each job's row is checked; at most every job's interval. */
  pollMs?: number;
}

const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_POLL_MS = 5_000;
const MAX_RETRY_MS = 300_000;

/**
 * Runs background jobs exactly once per period across every instance on one database
 * (decision 013): each instance polls, and only the one that claims the period in
 * `scheduled_jobs` runs it, renewing its lease while it works.
 */
export class JobScheduler {
  readonly instance: string;
  private readonly jobs: RunningJob[] = [];
  private stopping = false;

  constructor(private readonly options: SchedulerOptions) {
    this.instance =
      options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  async add(definition: JobDefinition): Promise<void> {
    await q.ensureJob(this.options.db, definition.name, definition.firstAfterMs ?? 0);
    const job = new RunningJob(definition, this.options, this.instance, () => this.stopping);
    this.jobs.push(job);
    job.start();
  }

  /** Stops polling and waits for runs in progress to finish and be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.jobs.map((job) => job.stop()));
  }
}

class RunningJob {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private readonly leaseMs: number;

  constructor(
    private readonly definition: JobDefinition,
    private readonly options: SchedulerOptions,
    private readonly instance: string,
    private readonly stopping: () => boolean,
  ) {
    this.leaseMs = definition.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start(): void {
    const pollMs = Math.min(this.definition.intervalMs, this.options.pollMs ?? DEFAULT_POLL_MS);
    // Jitter, so instances started together do not all poll in the same millisecond.
    const first = setTimeout(() => this.tick(), Math.random() * pollMs);
    first.unref();
    this.timer = setInterval(() => this.tick(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.current;
  }

  private tick(): void {
    if (this.current || this.stopping()) return;
    this.current = this.claimAndRun()
      .catch((err: unknown) =>
        this.options.log.error({ err, job: this.definition.name }, 'job scheduling failed'),
      )
      .finally(() => {
        this.current = null;
      });
  }

  private async claimAndRun(): Promise<void> {
    const { db, log, observe } = this.options;
    const { name } = this.definition;
    const dueAt = await q.claimDue(db, {
      name,
      instance: this.instance,
      intervalMs: this.definition.intervalMs,
      leaseMs: this.leaseMs,
    });
    if (!dueAt) return;
    const started = performance.now();
    const heartbeat = setInterval(() => {
      q.renewLease(db, { name, dueAt, leaseMs: this.leaseMs }).catch((err: unknown) =>
        log.warn({ err, job: name }, 'job lease renewal failed'),
      );
    }, this.leaseMs / 3);
    heartbeat.unref();
    let error: string | null = null;
    try {
      await this.definition.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: name }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    const recorded = await q.finishRun(db, {
      name,
      dueAt,
      error,
      retryMs: Math.min(this.definition.intervalMs, MAX_RETRY_MS),
    });
    if (!recorded) log.warn({ job: name, dueAt }, 'job run outlived its lease');
    observe?.(name, error === null ? 'ok' : 'failed', (performance.now() - started) / 1000);
  }
}
