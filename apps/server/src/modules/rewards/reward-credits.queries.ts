import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { rewards } from '../../db/schema';
import { postingCtes } from '../ledger/ledger.sql';
import { LOCK_REASON, RECIPIENT_BUCKET, scheduleArray } from './reward-eligibility';

/**
 * The crediting statements. Each is ONE statement: reward lines inserted, the member's ledger
 * entry built from the lines this statement inserted, and the balance moved by that entry. A
 * payment's lines go in with ON CONFLICT DO NOTHING on their unique key, so a second credit of
 * it posts nothing; a cycle is credited at most once by its run (creditCycle). A crash before
 * commit leaves nothing.
 */

/** The credit of one member from one source, split by bucket. */
const entriesFromInserted = (kind: string, sourceKey: string, memo: string, at: SQL) => sql`
  select user_id, ${kind}, ${sourceKey},
         coalesce(sum(reward_micro) filter (where bucket = 'AVAILABLE'), 0),
         coalesce(sum(reward_micro) filter (where bucket = 'LOCKED'), 0),
         0::bigint, sum(reward_micro), 0::bigint, 0::bigint,
         coalesce(sum(reward_micro) filter (where bucket = 'HELD'), 0),
         ${memo}::text, ${at}
    from inserted group by user_id`;

/**
 * DIRECT: the payer's uplines get their level's share of the fee the payment turned into
 * periods. Returns the number of lines written (0 when the payment was credited before).
 */
export async function creditDirect(
  tx: Db,
  payment: { id: string; payerId: string; masterMicro: bigint },
  directBp: number[],
): Promise<number> {
  const at = sql`now()`;
  const [row] = await rowsOf<{ lines: number }>(
    tx,
    sql`
      with lines as (
        select p.ancestor as user_id, p.depth as level,
               (${scheduleArray(directBp)})[p.depth] as percent_bp, ${RECIPIENT_BUCKET} as bucket
          from referral_paths p join users u on u.id = p.ancestor
         where p.descendant = ${payment.payerId} and p.depth <= ${directBp.length}
      ), inserted as (
        insert into rewards (user_id, source_user_id, type, level, reward_micro, master_micro,
                             percent_bp, payment_id, bucket)
        select user_id, ${payment.payerId}, 'DIRECT', level,
               ${String(payment.masterMicro)}::bigint * percent_bp / 10000, ${String(payment.masterMicro)}::bigint,
               percent_bp, ${payment.id}, bucket
          from lines
         where bucket in ('AVAILABLE', 'LOCKED')
           and ${String(payment.masterMicro)}::bigint * percent_bp / 10000 > 0
        on conflict (payment_id, level) where payment_id is not null do nothing
        returning user_id, reward_micro, bucket
      ), ${postingCtes(entriesFromInserted('REWARD_DIRECT', `payment:${payment.id}`, 'Referral reward', at))}
      select count(*)::int as lines from inserted`,
  );
  return row?.lines ?? 0;
}

export interface CycleCreditResult {
  lines: number;
  members: number;
  totalMicro: bigint;
  byLevel: {
    level: number;
    percentBp: number;
    lines: number;
    amountMicro: bigint;
    availableMicro: bigint;
    lockedMicro: bigint;
    heldMicro: bigint;
  }[];
  recipients: { credited: number; available: number; locked: number; held: number };
  locked: { reason: string; members: number; amountMicro: bigint }[];
}

interface RawCycleResult {
  lines: number;
  members: number;
  total: string | null;
  by_level: {
    level: number;
    percent_bp: number;
    lines: number;
    amount: string;
    available: string;
    locked: string;
    held: string;
  }[];
  recipients: { credited: number; available: number; locked: number; held: number };
  locked: { reason: string; members: number; amount: string }[];
}

/**
 * The lines of a cycle: every upline at depth d of every member in the cycle gets master x p[d],
 * in the bucket its state decides; skipped uplines and shares below one micro-USDT are left out.
 * The trading of a member whose UID link is FLAGGED credits its uplines HELD (decision 044):
 * neither available nor locked, so only an administrator's decision moves it.
 * One definition for the credit, its preview and the cycle benchmark's raw insert.
 */
function cycleLines(cycleId: string, downlineBp: number[]): SQL {
  return sql`
    select * from (
      select p.ancestor as user_id, e.user_id as source_user_id, p.depth as level,
             e.master_micro, s.bp as percent_bp, e.master_micro * s.bp / 10000 as reward_micro,
             case when r.user_id is not null and ${RECIPIENT_BUCKET} in ('AVAILABLE', 'LOCKED')
                  then 'HELD' else ${RECIPIENT_BUCKET} end as bucket
        from reward_cycle_entries e
        join referral_paths p on p.descendant = e.user_id
        join unnest(${scheduleArray(downlineBp)}) with ordinality as s(bp, level)
          on s.level = p.depth
        join users u on u.id = p.ancestor
        left join uid_link_reviews r on r.user_id = e.user_id and r.status = 'FLAGGED'
       where e.cycle_id = ${cycleId}
    ) as line
    where bucket in ('AVAILABLE', 'LOCKED', 'HELD') and reward_micro > 0`;
}

/** The columns of `rewards` that `cycleLineRows` gives, in its order. */
export const CYCLE_LINE_COLUMNS = sql.raw(
  'user_id, source_user_id, type, level, reward_micro, master_micro, percent_bp, cycle_id, bucket, created_at',
);

/** A cycle's lines as rows of `rewards` (CYCLE_LINE_COLUMNS), created `at`. */
export function cycleLineRows(cycleId: string, downlineBp: number[], at: SQL): SQL {
  return sql`
    select user_id, source_user_id, 'DOWNLINE', level, reward_micro, master_micro, percent_bp,
           ${cycleId}::uuid, bucket, ${at}
      from (${cycleLines(cycleId, downlineBp)}) as line`;
}

/**
 * Gives the transaction the memory of the cycle's statement for each sort and hash: its million
 * returned lines, their per-member sums and the closure join stay in memory instead of spilling
 * to disk. One cycle runs at a time. (bench:cycle gives its raw insert the same.)
 */
export async function withCycleMemory(tx: Db): Promise<void> {
  await tx.execute(sql`set local work_mem = '256MB'`);
}

/**
 * DOWNLINE: the cycle's lines in one INSERT ... SELECT over the closure table, their ledger
 * entries and balances in the same statement; the cycle statement's figures come back with it.
 *
 * Called in the run's transaction, which holds the cycle row and found it RUNNING (decision
 * 024): the lines of a cycle exist only if a run committed all of them, so a cycle that has
 * any is credited and gets nothing more, found with one index probe instead of a million
 * conflicting inserts. The lines go in without ON CONFLICT: a duplicate could only be a defect,
 * and its unique key then rolls the whole run back.
 */
export async function creditCycle(
  tx: Db,
  cycle: { id: string; number: number },
  downlineBp: number[],
  at: Date | null,
): Promise<CycleCreditResult> {
  const credited = await tx
    .select({ one: sql`1` })
    .from(rewards)
    .where(eq(rewards.cycleId, cycle.id))
    .limit(1);
  if (credited.length > 0) return nothingCredited();
  // A review decided while the cycle credits would miss the lines still being written HELD: the
  // flagged reviews of the cycle's members are held for the rest of the run, so a clearing
  // waits for it (or the run waits for the clearing's commit and then sees it cleared).
  await tx.execute(sql`select 1 from uid_link_reviews
    where status = 'FLAGGED'
      and user_id in (select user_id from reward_cycle_entries where cycle_id = ${cycle.id})
    for share`);
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await withCycleMemory(tx);
  const [row] = await rowsOf<RawCycleResult>(
    tx,
    sql`
      with inserted as (
        insert into rewards (${CYCLE_LINE_COLUMNS}) ${cycleLineRows(cycle.id, downlineBp, when)}
        returning user_id, level, percent_bp, reward_micro, bucket
      ), ${postingCtes(entriesFromInserted('REWARD_DOWNLINE', `cycle:${cycle.id}`, `Trading rewards, cycle #${cycle.number}`, when))}
      select
        (select count(*)::int from inserted) as lines,
        (select count(*)::int from per_user) as members,
        (select sum(e)::text from per_user) as total,
        (select coalesce(json_agg(x order by x.level), '[]'::json) from (
           select level, percent_bp, count(*)::int as lines, sum(reward_micro)::text as amount,
                  coalesce(sum(reward_micro) filter (where bucket = 'AVAILABLE'), 0)::text as available,
                  coalesce(sum(reward_micro) filter (where bucket = 'LOCKED'), 0)::text as locked,
                  coalesce(sum(reward_micro) filter (where bucket = 'HELD'), 0)::text as held
             from inserted group by level, percent_bp) x) as by_level,
        (select json_build_object('credited', count(*), 'available', count(*) filter (where a > 0),
                                  'locked', count(*) filter (where l > 0),
                                  'held', count(*) filter (where h > 0)) from per_user) as recipients,
        (select coalesce(json_agg(y order by y.reason), '[]'::json) from (
           select ${LOCK_REASON} as reason, count(*)::int as members, sum(pu.l)::text as amount
             from per_user pu join users u on u.id = pu.user_id
            where pu.l > 0 group by 1) y) as locked`,
  );
  if (!row) throw new Error('the cycle statement returned nothing');
  return {
    lines: row.lines,
    members: row.members,
    totalMicro: BigInt(row.total ?? 0),
    byLevel: row.by_level.map((l) => ({
      level: l.level,
      percentBp: l.percent_bp,
      lines: l.lines,
      amountMicro: BigInt(l.amount),
      availableMicro: BigInt(l.available),
      lockedMicro: BigInt(l.locked),
      heldMicro: BigInt(l.held),
    })),
    recipients: row.recipients,
    locked: row.locked.map((l) => ({
      reason: l.reason,
      members: l.members,
      amountMicro: BigInt(l.amount),
    })),
  };
}

function nothingCredited(): CycleCreditResult {
  return {
    lines: 0,
    members: 0,
    totalMicro: 0n,
    byLevel: [],
    recipients: { credited: 0, available: 0, locked: 0, held: 0 },
    locked: [],
  };
}

export interface SkippedUplines {
  reason: 'DISABLED' | 'PLATFORM_ACCOUNT' | 'BELOW_ONE_MICRO';
  members: number;
  lines: number;
}

/**
 * The uplines a cycle leaves out, and why. Driven from the few disabled and platform accounts,
 * and from the members whose master amount is too small for any level, never from every line.
 */
export async function skippedUplines(
  tx: Db,
  cycleId: string,
  downlineBp: number[],
): Promise<SkippedUplines[]> {
  const positive = downlineBp.filter((bp) => bp > 0);
  const smallest = positive.length ? Math.min(...positive) : 0;
  return rowsOf<SkippedUplines>(
    tx,
    sql`
      select case when u.status = 'DISABLED' then 'DISABLED' else 'PLATFORM_ACCOUNT' end as reason,
             count(distinct p.ancestor)::int as members, count(*)::int as lines
        from users u
        join referral_paths p on p.ancestor = u.id
        join reward_cycle_entries e on e.user_id = p.descendant and e.cycle_id = ${cycleId}
       where (u.status = 'DISABLED' or u.is_root or u.is_admin) and p.depth <= ${downlineBp.length}
       group by 1
      union all
      select 'BELOW_ONE_MICRO', count(distinct p.ancestor)::int, count(*)::int
        from reward_cycle_entries e
        join referral_paths p on p.descendant = e.user_id
        join unnest(${scheduleArray(downlineBp)}) with ordinality as s(bp, level)
          on s.level = p.depth
        join users u on u.id = p.ancestor
       where e.cycle_id = ${cycleId} and e.master_micro * ${smallest} / 10000 = 0
         and e.master_micro * s.bp / 10000 = 0
         and not (u.status = 'DISABLED' or u.is_root or u.is_admin)
       having count(*) > 0`,
  );
}

/** Lines that would be written per level with today's states (the preview). */
export async function projectCycle(
  db: Db,
  cycleId: string,
  downlineBp: number[],
): Promise<{
  byLevel: { level: number; percentBp: number; lines: number; amountMicro: bigint }[];
  recipients: { available: number; locked: number; skipped: number };
}> {
  // Only lines that would be written: skipped uplines and amounts below one micro-USDT are out.
  const levels = await rowsOf<{ level: number; percent_bp: number; lines: number; amount: string }>(
    db,
    sql`
      select level::int, percent_bp::int, count(*)::int as lines, sum(reward_micro)::text as amount
        from (${cycleLines(cycleId, downlineBp)}) as line
       group by 1, 2 order by 1`,
  );
  const [who] = await rowsOf<{ available: number; locked: number; skipped: number }>(
    db,
    sql`
      with uplines as (
        select distinct p.ancestor from reward_cycle_entries e
          join referral_paths p on p.descendant = e.user_id and p.depth <= ${downlineBp.length}
         where e.cycle_id = ${cycleId}
      ), classified as (
        select ${RECIPIENT_BUCKET} as bucket from uplines x join users u on u.id = x.ancestor
      )
      select count(*) filter (where bucket = 'AVAILABLE')::int as available,
             count(*) filter (where bucket = 'LOCKED')::int as locked,
             count(*) filter (where bucket like 'SKIP%')::int as skipped
        from classified`,
  );
  return {
    byLevel: levels.map((l) => ({
      level: l.level,
      percentBp: l.percent_bp,
      lines: l.lines,
      amountMicro: BigInt(l.amount),
    })),
    recipients: who ?? { available: 0, locked: 0, skipped: 0 },
  };
}
