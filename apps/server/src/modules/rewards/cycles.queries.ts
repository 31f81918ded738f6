import type { CyclePreview, CycleSource, CycleStatus } from '@ctn/contracts/cycles';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, lockUntilCommit } from '../../db/advisory-locks';
import { rowsOf, type Db } from '../../db/client';
import { rewardCycles, users } from '../../db/schema';

export interface CycleRow {
  id: string;
  number: number | null;
  status: CycleStatus;
  source: CycleSource;
  periodStart: string;
  periodEnd: string;
  members: number;
  totalMasterMicro: bigint;
  preview: CyclePreview;
  schedule: number[] | null;
  statement: unknown;
  totalPaidMicro: bigint | null;
  rewardLines: number | null;
  error: string | null;
  /** A netting correction: the paid cycles it nets out (decision 044). */
  correctsCycles: number[] | null;
  createdByEmail: string;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

/** A CycleRow's columns. */
const COLUMNS = {
  id: rewardCycles.id,
  number: rewardCycles.number,
  status: rewardCycles.status,
  source: rewardCycles.source,
  periodStart: rewardCycles.periodStart,
  periodEnd: rewardCycles.periodEnd,
  members: rewardCycles.members,
  totalMasterMicro: rewardCycles.totalMasterMicro,
  preview: rewardCycles.preview,
  schedule: rewardCycles.schedule,
  statement: rewardCycles.statement,
  totalPaidMicro: rewardCycles.totalPaidMicro,
  rewardLines: rewardCycles.rewardLines,
  error: rewardCycles.error,
  correctsCycles: rewardCycles.correctsCycles,
  createdByEmail: rewardCycles.createdByEmail,
  createdAt: rewardCycles.createdAt,
  startedAt: rewardCycles.startedAt,
  completedAt: rewardCycles.completedAt,
};

/** Member ids of linked BingX UIDs. */
export async function membersByUid(db: Db, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  // One array parameter, however many UIDs a batch has.
  const rows = await db
    .select({ uid: users.bingxUid, id: users.id })
    .from(users)
    .where(sql`${users.bingxUid} = any(${`{${uids.join(',')}}`}::text[])`);
  // Every row matched a UID, so none is null.
  return new Map(rows.map((r) => [r.uid!, r.id]));
}

export async function insertDraft(
  tx: Db,
  draft: {
    source: CycleSource;
    periodStart: string;
    periodEnd: string;
    members: number;
    totalMasterMicro: bigint;
    preview: CyclePreview;
    createdBy: string;
    createdByEmail: string;
    correctionReason: string | null;
    correctsCycles: number[] | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(rewardCycles)
    .values({
      source: draft.source,
      periodStart: draft.periodStart,
      periodEnd: draft.periodEnd,
      members: draft.members,
      totalMasterMicro: draft.totalMasterMicro,
      preview: draft.preview,
      createdBy: draft.createdBy,
      createdByEmail: draft.createdByEmail,
      correctionReason: draft.correctionReason,
      correctsCycles: draft.correctsCycles,
    })
    .returning({ id: rewardCycles.id });
  if (!row) throw new Error('cycle draft not created');
  return row.id;
}

/**
 * Master amounts (and trading volumes, NULL where unknown), written in slices so a 100k-member
 * batch stays within parameter limits.
 */
export async function insertEntries(
  tx: Db,
  cycleId: string,
  entries: { userId: string; masterMicro: bigint; volumeMicro: bigint | null }[],
): Promise<void> {
  const slice = 10_000;
  for (let i = 0; i < entries.length; i += slice) {
    const part = entries.slice(i, i + slice);
    await tx.execute(sql`
      insert into reward_cycle_entries (cycle_id, user_id, master_micro, volume_micro)
      select ${cycleId}, u, m, v from unnest(
        ${`{${part.map((e) => e.userId).join(',')}}`}::uuid[],
        ${`{${part.map((e) => String(e.masterMicro)).join(',')}}`}::bigint[],
        ${`{${part.map((e) => (e.volumeMicro === null ? 'NULL' : String(e.volumeMicro))).join(',')}}`}::bigint[])
        as t(u, m, v)`);
  }
}

export async function savePreview(tx: Db, cycleId: string, preview: CyclePreview): Promise<void> {
  await tx.update(rewardCycles).set({ preview }).where(eq(rewardCycles.id, cycleId));
}

export async function findCycle(db: Db, id: string): Promise<CycleRow | undefined> {
  const [row] = await db.select(COLUMNS).from(rewardCycles).where(eq(rewardCycles.id, id));
  return row;
}

export async function findCycleByNumber(db: Db, n: number): Promise<CycleRow | undefined> {
  const [row] = await db.select(COLUMNS).from(rewardCycles).where(eq(rewardCycles.number, n));
  return row;
}

/** Waits for any other run of the cycle to commit or roll back, then reads it. */
export async function lockCycle(tx: Db, id: string): Promise<CycleRow | undefined> {
  const [row] = await tx
    .select(COLUMNS)
    .from(rewardCycles)
    .where(eq(rewardCycles.id, id))
    .for('update');
  return row;
}

export async function listCycles(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: CycleRow[]; total: number }> {
  const rows = await db
    .select(COLUMNS)
    .from(rewardCycles)
    .orderBy(desc(rewardCycles.createdAt), desc(rewardCycles.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(rewardCycles);
  return { rows, total: count?.n ?? 0 };
}

/**
 * The paid (RUNNING or COMPLETED) cycles of any source covering one of these days, earliest
 * first: the exchange and a CSV report the same trading, so a day is paid once whatever the
 * source (decision 040). `except` leaves a cycle itself out when its own run was refused.
 */
export async function paidCyclesOverlapping(
  db: Db,
  periodStart: string,
  periodEnd: string,
  except?: string,
): Promise<OverlappingCycle[]> {
  return db
    .select({
      number: rewardCycles.number,
      source: rewardCycles.source,
      periodStart: rewardCycles.periodStart,
      periodEnd: rewardCycles.periodEnd,
      correctionReason: rewardCycles.correctionReason,
    })
    .from(rewardCycles)
    .where(
      and(
        inArray(rewardCycles.status, ['RUNNING', 'COMPLETED']),
        except === undefined ? undefined : ne(rewardCycles.id, except),
        sql`daterange(${rewardCycles.periodStart}, ${rewardCycles.periodEnd}, '[]')
            && daterange(${periodStart}::date, ${periodEnd}::date, '[]')`,
      ),
    )
    .orderBy(asc(rewardCycles.periodStart), asc(rewardCycles.number));
}

/** The earliest of them, if any. */
export async function paidCycleOverlapping(
  db: Db,
  periodStart: string,
  periodEnd: string,
  except?: string,
): Promise<OverlappingCycle | undefined> {
  return (await paidCyclesOverlapping(db, periodStart, periodEnd, except))[0];
}

export interface OverlappingCycle {
  number: number | null;
  source: CycleSource;
  periodStart: string;
  periodEnd: string;
  correctionReason: string | null;
}

/** The day after the last paid cycle ends: where a new cycle's period begins by default. */
export async function dayAfterLastPaidCycle(db: Db): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(
    db,
    sql`select (max(period_end) + 1)::text as day from reward_cycles
         where status in ('RUNNING', 'COMPLETED')`,
  );
  return row?.day ?? null;
}

/** Cycles marked RUNNING: being run by some instance, or left so by one that died. */
export async function runningCycleIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: rewardCycles.id })
    .from(rewardCycles)
    .where(eq(rewardCycles.status, 'RUNNING'))
    .orderBy(asc(rewardCycles.startedAt));
  return rows.map((r) => r.id);
}

/**
 * A cycle row becoming or staying RUNNING or COMPLETED is checked against the never-overlap
 * constraints (migration 0014), and an exclusion check waits for any transaction that holds a
 * conflicting row in flight. Two such transactions can each be waiting for the other: a draft
 * starting (seconds) and a run completing (its whole credit) would deadlock, and PostgreSQL may
 * abort the run. So every transaction writing such a row first locks that row, then takes this
 * lock, and only then writes: one at a time, always in that order, never waiting in between.
 */
async function lockCyclePeriods(tx: Db): Promise<void> {
  await lockUntilCommit(tx, ADVISORY_LOCKS.cyclePeriods);
}

/**
 * Marks a cycle RUNNING (a draft, a failed run, or a run that died with its process), gives it
 * its number and fixes its schedule. Returns false when it is not in a state that can run.
 */
export async function markRunning(
  db: Db,
  id: string,
  schedule: number[],
  allowRunning: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Waits here (not holding the periods lock) for a run of this cycle in another instance.
    const [row] = await tx
      .select({ status: rewardCycles.status })
      .from(rewardCycles)
      .where(eq(rewardCycles.id, id))
      .for('update');
    const startable = row?.status === 'DRAFT' || row?.status === 'FAILED';
    if (!startable && !(allowRunning && row?.status === 'RUNNING')) return false;
    await lockCyclePeriods(tx);
    await tx
      .update(rewardCycles)
      .set({
        status: 'RUNNING',
        startedAt: sql`now()`,
        error: null,
        number: sql`coalesce(${rewardCycles.number}, nextval('reward_cycle_number_seq'))`,
        schedule: sql`coalesce(${rewardCycles.schedule}, ${`{${schedule.join(',')}}`}::int[])`,
      })
      .where(eq(rewardCycles.id, id));
    return true;
  });
}

export async function completeCycle(
  tx: Db,
  id: string,
  result: { totalPaidMicro: bigint; rewardLines: number; statement: unknown },
): Promise<void> {
  await lockCyclePeriods(tx);
  await tx
    .update(rewardCycles)
    .set({
      status: 'COMPLETED',
      completedAt: sql`now()`,
      totalPaidMicro: result.totalPaidMicro,
      rewardLines: result.rewardLines,
      statement: result.statement,
    })
    .where(eq(rewardCycles.id, id));
}

export async function failCycle(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(rewardCycles)
    .set({ status: 'FAILED', error: error.slice(0, 500) })
    .where(and(eq(rewardCycles.id, id), eq(rewardCycles.status, 'RUNNING')));
}

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(rewardCycles)
    .where(and(eq(rewardCycles.id, id), eq(rewardCycles.status, 'DRAFT')))
    .returning({ id: rewardCycles.id });
  return rows.length > 0;
}

/** DIRECT rewards credited during a period (the statement's second type). */
export async function directRewardsBetween(
  db: Db,
  from: string,
  to: string,
): Promise<{ lines: number; amountMicro: bigint }> {
  const [row] = await rowsOf<{ lines: number; amount: string }>(
    db,
    sql`select count(*)::int as lines, coalesce(sum(reward_micro), 0)::text as amount
          from rewards
         where type = 'DIRECT' and created_at >= ${from}::date
           and created_at < ${to}::date + interval '1 day'`,
  );
  return { lines: row?.lines ?? 0, amountMicro: BigInt(row?.amount ?? 0) };
}

/**
 * Takes the oldest completed cycle whose members were not mailed yet, marking it mailed in the
 * caller's transaction (the mails commit with the mark, so each cycle is announced once).
 */
export async function claimUnmailedCycle(
  tx: Db,
): Promise<{ id: string; number: number } | undefined> {
  const [row] = await tx
    .select({ id: rewardCycles.id, number: rewardCycles.number })
    .from(rewardCycles)
    .where(and(isNotNull(rewardCycles.completedAt), isNull(rewardCycles.membersMailedAt)))
    .orderBy(asc(rewardCycles.completedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return undefined;
  // A COMPLETED row is written again: the same order as every write of the periods' rows.
  await lockCyclePeriods(tx);
  await tx
    .update(rewardCycles)
    .set({ membersMailedAt: sql`now()` })
    .where(eq(rewardCycles.id, row.id));
  // A completed cycle ran, and its run gave it its number (markRunning).
  return { id: row.id, number: row.number! };
}

/** What each member who wants cycle mails received in a cycle: the total, locked and held. */
export async function cycleRecipients(tx: Db, cycleId: string) {
  return rowsOf<{
    email: string;
    firstName: string;
    totalMicro: string;
    lockedMicro: string;
    heldMicro: string;
  }>(
    tx,
    sql`select u.email, u.first_name as "firstName",
               sum(r.reward_micro)::text as "totalMicro",
               coalesce(sum(r.reward_micro) filter (where r.bucket = 'LOCKED'), 0)::text
                 as "lockedMicro",
               coalesce(sum(r.reward_micro) filter (where r.bucket = 'HELD'), 0)::text
                 as "heldMicro"
          from rewards r join users u on u.id = r.user_id
         where r.cycle_id = ${cycleId} and u.cycle_mails and u.status <> 'DISABLED'
         group by u.id, u.email, u.first_name`,
  );
}
