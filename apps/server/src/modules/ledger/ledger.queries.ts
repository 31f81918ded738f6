import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { balances } from '../../db/schema';

export interface BalanceRow {
  availableMicro: bigint;
  lockedMicro: bigint;
  pendingMicro: bigint;
  totalEarnedMicro: bigint;
  totalWithdrawnMicro: bigint;
  forfeitedMicro: bigint;
  heldMicro: bigint;
}

export async function balanceOf(db: Db, userId: string): Promise<BalanceRow | undefined> {
  const [row] = await db
    .select({
      availableMicro: balances.availableMicro,
      lockedMicro: balances.lockedMicro,
      pendingMicro: balances.pendingMicro,
      totalEarnedMicro: balances.totalEarnedMicro,
      totalWithdrawnMicro: balances.totalWithdrawnMicro,
      forfeitedMicro: balances.forfeitedMicro,
      heldMicro: balances.heldMicro,
    })
    .from(balances)
    .where(eq(balances.userId, userId));
  return row;
}

export interface BalanceMismatch {
  userId: string;
  column: string;
  balance: string;
  ledger: string;
}

/** Every (member, bucket) whose balance differs from the sum of the member's entries. */
export async function balanceMismatches(db: Db, limit: number): Promise<BalanceMismatch[]> {
  return rowsOf<BalanceMismatch>(
    db,
    sql`
      with sums as (
        select user_id, sum(available_delta) as a, sum(locked_delta) as l, sum(pending_delta) as p,
               sum(earned_delta) as e, sum(withdrawn_delta) as w, sum(forfeited_delta) as f,
               sum(held_delta) as h
          from ledger_entries group by user_id
      ), joined as (
        select coalesce(b.user_id, s.user_id) as user_id,
               array[coalesce(b.available_micro, 0), coalesce(b.locked_micro, 0),
                     coalesce(b.pending_micro, 0), coalesce(b.total_earned_micro, 0),
                     coalesce(b.total_withdrawn_micro, 0), coalesce(b.forfeited_micro, 0),
                     coalesce(b.held_micro, 0)]::numeric[] as bal,
               array[coalesce(s.a, 0), coalesce(s.l, 0), coalesce(s.p, 0), coalesce(s.e, 0),
                     coalesce(s.w, 0), coalesce(s.f, 0), coalesce(s.h, 0)]::numeric[] as led
          from balances b full join sums s on s.user_id = b.user_id
      )
      select user_id as "userId",
             (array['available', 'locked', 'pending', 'totalEarned', 'totalWithdrawn', 'forfeited', 'held'])[i] as "column",
             bal[i]::text as balance, led[i]::text as ledger
        from joined, generate_series(1, 7) as i
       where bal[i] <> led[i]
       order by user_id, i
       limit ${limit}`,
  );
}

export async function countEntries(db: Db): Promise<{ entries: number; members: number }> {
  const [row] = await rowsOf<{ entries: string; members: string }>(
    db,
    sql`select (select count(*) from ledger_entries) as entries,
               (select count(*) from balances) as members`,
  );
  return { entries: Number(row?.entries ?? 0), members: Number(row?.members ?? 0) };
}
