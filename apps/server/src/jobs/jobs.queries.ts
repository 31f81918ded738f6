import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { jobRuns, scheduledJobs } from '../db/schema';

/** Keeps a week of run history: enough to answer "did it run, where, how did it end". */
const HISTORY_DAYS = 7;

/**
 * Times are kept to the millisecond: a period's time is its identity, and it makes the round
 * trip through a JavaScript Date, which has no microseconds.
 */
function msAfterNow(ms: number): SQL {
  return sql`date_trunc('milliseconds', now() + make_interval(secs => ${ms / 1000}))`;
}

/** The job's row exists; the first run is due `firstAfterMs` from now (a restart keeps it). */
export async function ensureJob(db: Db, name: string, firstAfterMs: number): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt: msAfterNow(firstAfterMs) })
    .onConflictDoNothing({ target: scheduledJobs.name });
}

/**
 * Claims the job's due period for `instance`, or returns null. A period is due when its time has
 * come and no run holds the lease, or when a run's lease ran out (its process died): that run is
 * marked ABANDONED and the job runs again, under the expired lease's time as its period. The row
 * lock (SKIP LOCKED) and the job_runs primary key make two claims of one period impossible.
 */
export async function claimDue(
  db: Db,
  claim: { name: string; instance: string; intervalMs: number; leaseMs: number },
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ nextRunAt: scheduledJobs.nextRunAt, leaseUntil: scheduledJobs.leaseUntil })
      .from(scheduledJobs)
      .where(
        and(
          eq(scheduledJobs.name, claim.name),
          or(
            and(isNull(scheduledJobs.leaseUntil), lte(scheduledJobs.nextRunAt, sql`now()`)),
            lt(scheduledJobs.leaseUntil, sql`now()`),
          ),
        ),
      )
      .for('update', { skipLocked: true });
    if (!due) return null;
    const abandoned = due.leaseUntil !== null;
    const dueAt = due.leaseUntil ?? due.nextRunAt;
    if (abandoned)
      await tx
        .update(jobRuns)
        .set({ outcome: 'ABANDONED', finishedAt: sql`now()` })
        .where(and(eq(jobRuns.job, claim.name), eq(jobRuns.outcome, 'RUNNING')));
    await tx
      .update(scheduledJobs)
      .set({ nextRunAt: msAfterNow(claim.intervalMs), leaseUntil: msAfterNow(claim.leaseMs) })
      .where(eq(scheduledJobs.name, claim.name));
    await tx.insert(jobRuns).values({ job: claim.name, dueAt, instance: claim.instance });
    return dueAt;
  });
}

/** Extends the lease of a run that is still this run (not abandoned and reclaimed meanwhile). */
export async function renewLease(
  db: Db,
  run: { name: string; dueAt: Date; leaseMs: number },
): Promise<boolean> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`
      update scheduled_jobs
         set lease_until = ${msAfterNow(run.leaseMs)}
       where name = ${run.name}
         and exists (select 1 from job_runs
                      where job = ${run.name} and due_at = ${run.dueAt} and outcome = 'RUNNING')
      returning name`,
  );
  return rows.length > 0;
}

/**
 * Records how the run ended and releases the lease. A failed run is due again after
 * `retryMs` at the latest. Returns false when the run had been abandoned meanwhile.
 */
export async function finishRun(
  db: Db,
  run: { name: string; dueAt: Date; error: string | null; retryMs: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(jobRuns)
      .set({
        finishedAt: sql`now()`,
        outcome: run.error === null ? 'OK' : 'FAILED',
        error: run.error,
      })
      .where(
        and(
          eq(jobRuns.job, run.name),
          eq(jobRuns.dueAt, run.dueAt),
          eq(jobRuns.outcome, 'RUNNING'),
        ),
      )
      .returning({ job: jobRuns.job });
    if (ended.length === 0) return false;
    await tx
      .update(scheduledJobs)
      .set({
        leaseUntil: null,
        runs: sql`${scheduledJobs.runs} + 1`,
        ...(run.error === null
          ? {}
          : { nextRunAt: sql`least(${scheduledJobs.nextRunAt}, ${msAfterNow(run.retryMs)})` }),
      })
      .where(eq(scheduledJobs.name, run.name));
    await tx
      .delete(jobRuns)
      .where(
        and(
          eq(jobRuns.job, run.name),
          lt(jobRuns.dueAt, sql`now() - make_interval(days => ${HISTORY_DAYS})`),
        ),
      );
    return true;
  });
}

export interface JobRunRow {
  job: string;
  dueAt: Date;
  instance: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string;
}

/** The run history of one job, oldest first (tests, operators). */
export async function runsOf(db: Db, name: string): Promise<JobRunRow[]> {
  return db
    .select({
      job: jobRuns.job,
      dueAt: jobRuns.dueAt,
      instance: jobRuns.instance,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      outcome: jobRuns.outcome,
    })
    .from(jobRuns)
    .where(eq(jobRuns.job, name))
    .orderBy(jobRuns.dueAt);
}
