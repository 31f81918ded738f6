import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { postingCtes } from '../ledger/ledger.sql';

export interface NettingResult {
  members: number;
  /** Taken back from available and locked balances. */
  takenMicro: bigint;
  /** What the earlier lines paid for the days but could not be taken back (balances at zero). */
  unrecoveredMicro: bigint;
}

/**
 * Nets a correction cycle out against the paid cycles it corrects (decision 044), in ONE
 * statement, in the run's transaction right after the correction's own lines were credited:
 * for each member, what the corrected cycles' lines paid for the days both cover (a line's
 * amount x shared days / its cycle's days, rounded down) is taken back by one REWARD_CORRECTION
 * entry, from available first, then locked, never below zero. So each member ends with the new
 * line minus what the earlier lines paid for those days; what could not be taken back is
 * answered (and named in the entry's memo), never hidden.
 */
export async function netCorrection(
  tx: Db,
  cycle: { id: string; number: number; periodStart: string; periodEnd: string },
  corrects: number[],
): Promise<NettingResult> {
  const numbers = `{${corrects.map((n) => Math.trunc(n)).join(',')}}`;
  const [row] = await rowsOf<{ members: number; taken: string; unrecovered: string }>(
    tx,
    sql`
      with corrected as (
        select c.id,
               greatest(c.period_start, ${cycle.periodStart}::date) as first_day,
               least(c.period_end, ${cycle.periodEnd}::date) as last_day,
               (c.period_end - c.period_start + 1) as days
          from reward_cycles c
         where c.number = any(${numbers}::int[]) and c.status = 'COMPLETED'
           and c.id <> ${cycle.id}
      ), paid as (
        select r.user_id,
               sum(r.reward_micro * (k.last_day - k.first_day + 1) / k.days)::bigint as due
          from corrected k join rewards r on r.cycle_id = k.id
         where k.last_day >= k.first_day
         group by r.user_id
      ), balance as (
        select p.user_id, p.due, b.available_micro as a, b.locked_micro as l
          from paid p join balances b on b.user_id = p.user_id
           for update of b
      ), taken as (
        select user_id, due, least(a, due) as from_available,
               least(l, due - least(a, due)) as from_locked
          from balance
      ), ${postingCtes(sql`
        select user_id, 'REWARD_CORRECTION', ${`correction:${cycle.id}`},
               -from_available, -from_locked, 0::bigint, -(from_available + from_locked),
               0::bigint, 0::bigint, 0::bigint,
               ${`Correction cycle #${cycle.number}: days already paid by cycle(s) ${corrects.join(', ')}`}
                 || case when from_available + from_locked < due
                         then ' (' || (due - from_available - from_locked) || ' micro-USDT could not be taken back)'
                         else '' end,
               now()
          from taken where from_available + from_locked > 0`)}
      select (select count(*)::int from posted) as members,
             coalesce((select sum(from_available + from_locked) from taken), 0)::text as taken,
             coalesce((select sum(due - from_available - from_locked) from taken), 0)::text
               as unrecovered`,
  );
  return {
    members: row?.members ?? 0,
    takenMicro: BigInt(row?.taken ?? 0),
    unrecoveredMicro: BigInt(row?.unrecovered ?? 0),
  };
}
