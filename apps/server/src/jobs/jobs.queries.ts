import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

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
  await db.execute(sql`
    insert into scheduled_jobs (name, next_run_at)
    values (${name}, ${msAfterNow(firstAfterMs)})
    on conflict (name) do nothing`);
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
    const [due] = await rowsOf<{ dueAt: Date; abandoned: boolean }>(
      tx,
      sql`
        select case when lease_until is null then next_run_at else lease_until end as "dueAt",
               lease_until is not null as abandoned
          from scheduled_jobs
         where name = ${claim.name}
           and ((lease_until is null and next_run_at <= now()) or lease_until < now())
         for update skip locked`,
    );
    if (!due) return null;
    if (due.abandoned)
      await tx.execute(sql`
        update job_runs set outcome = 'ABANDONED', finished_at = now()
         where job = ${claim.name} and outcome = 'RUNNING'`);
    await tx.execute(sql`
      update scheduled_jobs
         set next_run_at = ${msAfterNow(claim.intervalMs)},
             lease_until = ${msAfterNow(claim.leaseMs)}
       where name = ${claim.name}`);
    await tx.execute(sql`
      insert into job_runs (job, due_at, instance)
      values (${claim.name}, ${due.dueAt}, ${claim.instance})`);
    return due.dueAt;
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
    const ended = await rowsOf<{ job: string }>(
      tx,
      sql`
        update job_runs
           set finished_at = now(), outcome = ${run.error === null ? 'OK' : 'FAILED'},
               error = ${run.error}
         where job = ${run.name} and due_at = ${run.dueAt} and outcome = 'RUNNING'
        returning job`,
    );
    if (ended.length === 0) return false;
    await tx.execute(sql`
      update scheduled_jobs
         set lease_until = null, runs = runs + 1,
             next_run_at = case when ${run.error === null}::boolean then next_run_at
                                else least(next_run_at, ${msAfterNow(run.retryMs)})
                           end
       where name = ${run.name}`);
    await tx.execute(sql`
      delete from job_runs
       where job = ${run.name}
         and due_at < now() - make_interval(days => ${HISTORY_DAYS})`);
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
  return rowsOf<JobRunRow>(
    db,
    sql`select job, due_at as "dueAt", instance, started_at as "startedAt",
               finished_at as "finishedAt", outcome
          from job_runs where job = ${name} order by due_at`,
  );
}
