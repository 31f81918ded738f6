import type { CyclePreview, CycleSource, CycleStatus } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, lockUntilCommit } from '../../db/advisory-locks';
import { rowsOf, type Db } from '../../db/client';

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
  createdByEmail: string;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

const COLUMNS = sql`id, number, status, source, period_start::text as "periodStart",
  period_end::text as "periodEnd", members, total_master_micro::text as "totalMasterMicro",
  preview, schedule, statement, total_paid_micro::text as "totalPaidMicro",
  reward_lines as "rewardLines", error, created_by_email as "createdByEmail",
  created_at as "createdAt", started_at as "startedAt", completed_at as "completedAt"`;

/** A cycle as COLUMNS reads it: the bigint amounts as text, exact. */
type RawCycle = Omit<CycleRow, 'totalMasterMicro' | 'totalPaidMicro'> & {
  totalMasterMicro: string;
  totalPaidMicro: string | null;
};

function cycleOf(raw: RawCycle): CycleRow {
  return {
    ...raw,
    totalMasterMicro: BigInt(raw.totalMasterMicro),
    totalPaidMicro: raw.totalPaidMicro === null ? null : BigInt(raw.totalPaidMicro),
  };
}

/** Member ids of linked BingX UIDs. */
export async function membersByUid(db: Db, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await rowsOf<{ uid: string; id: string }>(
    db,
    sql`select bingx_uid as uid, id from users where bingx_uid = any(${`{${uids.join(',')}}`}::text[])`,
  );
  return new Map(rows.map((r) => [r.uid, r.id]));
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
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into reward_cycles (source, period_start, period_end, members, total_master_micro,
                                   preview, created_by, created_by_email, correction_reason)
        values (${draft.source}, ${draft.periodStart}, ${draft.periodEnd}, ${draft.members},
                ${String(draft.totalMasterMicro)}::bigint, ${JSON.stringify(draft.preview)}::jsonb,
                ${draft.createdBy}, ${draft.createdByEmail}, ${draft.correctionReason})
        returning id`,
  );
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
  await tx.execute(
    sql`update reward_cycles set preview = ${JSON.stringify(preview)}::jsonb where id = ${cycleId}`,
  );
}

export async function findCycle(db: Db, id: string): Promise<CycleRow | undefined> {
  const [row] = await rowsOf<RawCycle>(
    db,
    sql`select ${COLUMNS} from reward_cycles where id = ${id}`,
  );
  return row ? cycleOf(row) : undefined;
}

export async function findCycleByNumber(db: Db, n: number): Promise<CycleRow | undefined> {
  const [row] = await rowsOf<RawCycle>(
    db,
    sql`select ${COLUMNS} from reward_cycles where number = ${n}`,
  );
  return row ? cycleOf(row) : undefined;
}

/** Waits for any other run of the cycle to commit or roll back, then reads it. */
export async function lockCycle(tx: Db, id: string): Promise<CycleRow | undefined> {
  const [row] = await rowsOf<RawCycle>(
    tx,
    sql`select ${COLUMNS} from reward_cycles where id = ${id} for update`,
  );
  return row ? cycleOf(row) : undefined;
}

export async function listCycles(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: CycleRow[]; total: number }> {
  const rows = await rowsOf<RawCycle>(
    db,
    sql`select ${COLUMNS} from reward_cycles order by created_at desc, id desc
        limit ${limit} offset ${offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from reward_cycles`,
  );
  return { rows: rows.map(cycleOf), total: count?.n ?? 0 };
}

/**
 * Marks a cycle RUNNING (a draft, a failed run, or a run that died with its process), gives it
 * its number and fixes its schedule. Returns false when it is not in a state that can run.
 */
/** A paid (RUNNING or COMPLETED) cycle of `source` covering any day of the period, if any. */
export async function paidCycleOverlapping(
  db: Db,
  source: CycleSource,
  periodStart: string,
  periodEnd: string,
): Promise<{ number: number | null } | undefined> {
  const [row] = await rowsOf<{ number: number | null }>(
    db,
    sql`select number from reward_cycles
         where source = ${source} and status in ('RUNNING', 'COMPLETED')
           and daterange(period_start, period_end, '[]')
               && daterange(${periodStart}::date, ${periodEnd}::date, '[]')
         order by period_start limit 1`,
  );
  return row;
}

/** Cycles marked RUNNING: being run by some instance, or left so by one that died. */
export async function runningCycleIds(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from reward_cycles where status = 'RUNNING' order by started_at`,
  );
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

export async function markRunning(
  db: Db,
  id: string,
  schedule: number[],
  allowRunning: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Waits here (not holding the periods lock) for a run of this cycle in another instance.
    const [row] = await rowsOf<{ status: CycleStatus }>(
      tx,
      sql`select status from reward_cycles where id = ${id} for update`,
    );
    const startable = row?.status === 'DRAFT' || row?.status === 'FAILED';
    if (!startable && !(allowRunning && row?.status === 'RUNNING')) return false;
    await lockCyclePeriods(tx);
    await tx.execute(sql`
      update reward_cycles
         set status = 'RUNNING', started_at = now(), error = null,
             number = coalesce(number, nextval('reward_cycle_number_seq')),
             schedule = coalesce(schedule, ${`{${schedule.join(',')}}`}::int[])
       where id = ${id}`);
    return true;
  });
}

export async function completeCycle(
  tx: Db,
  id: string,
  result: { totalPaidMicro: bigint; rewardLines: number; statement: unknown },
): Promise<void> {
  await lockCyclePeriods(tx);
  await tx.execute(sql`
    update reward_cycles set status = 'COMPLETED', completed_at = now(),
           total_paid_micro = ${String(result.totalPaidMicro)}::bigint,
           reward_lines = ${result.rewardLines}, statement = ${JSON.stringify(result.statement)}::jsonb
     where id = ${id}`);
}

export async function failCycle(db: Db, id: string, error: string): Promise<void> {
  await db.execute(sql`
    update reward_cycles set status = 'FAILED', error = ${error.slice(0, 500)}
     where id = ${id} and status = 'RUNNING'`);
}

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`delete from reward_cycles where id = ${id} and status = 'DRAFT' returning id`,
  );
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
  const [row] = await rowsOf<{ id: string; number: number }>(
    tx,
    sql`select id, number from reward_cycles
         where completed_at is not null and members_mailed_at is null
         order by completed_at limit 1
           for update skip locked`,
  );
  if (!row) return undefined;
  // A COMPLETED row is written again: the same order as every write of the periods' rows.
  await lockCyclePeriods(tx);
  await tx.execute(sql`update reward_cycles set members_mailed_at = now() where id = ${row.id}`);
  return row;
}

/** What each member who wants cycle mails received in a cycle: the total and the locked part. */
export async function cycleRecipients(tx: Db, cycleId: string) {
  return rowsOf<{ email: string; firstName: string; totalMicro: string; lockedMicro: string }>(
    tx,
    sql`select u.email, u.first_name as "firstName",
               sum(r.reward_micro)::text as "totalMicro",
               coalesce(sum(r.reward_micro) filter (where r.bucket = 'LOCKED'), 0)::text
                 as "lockedMicro"
          from rewards r join users u on u.id = r.user_id
         where r.cycle_id = ${cycleId} and u.cycle_mails and u.status <> 'DISABLED'
         group by u.id, u.email, u.first_name`,
  );
}
