import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** The bucket columns of an entry, in the order every posting select must produce them. */
export const ENTRY_COLUMNS = sql.raw(
  'user_id, kind, source_key, available_delta, locked_delta, pending_delta, earned_delta, withdrawn_delta, forfeited_delta, memo, created_at',
);

/**
 * Common table expressions that post entries and apply them to balances, for one statement:
 * `entries` is a select producing ENTRY_COLUMNS. An entry whose (user, kind, source) exists is
 * skipped and moves nothing; the balance update adds in place (no read-then-write), and the
 * CHECKs on `balances` turn any overdraft into an error that rolls the whole statement back.
 * Defines `posted` (the new entries), `per_user` (their sums), `updated` and `created` (balances).
 */
export function postingCtes(entries: SQL): SQL {
  return sql`
    posted as (
      insert into ledger_entries (${ENTRY_COLUMNS})
      ${entries}
      on conflict (user_id, kind, source_key) do nothing
      returning user_id, available_delta, locked_delta, pending_delta, earned_delta,
                withdrawn_delta, forfeited_delta
    ), per_user as (
      select user_id, sum(available_delta) as a, sum(locked_delta) as l, sum(pending_delta) as p,
             sum(earned_delta) as e, sum(withdrawn_delta) as w, sum(forfeited_delta) as f
        from posted group by user_id
    ), updated as (
      -- Existing balances change in place; a CHECK stops any bucket going below zero. (An
      -- INSERT ... ON CONFLICT cannot do this: the proposed row, with a negative delta, fails
      -- its CHECK before the conflict turns it into an update.)
      update balances b set
        available_micro = b.available_micro + pu.a,
        locked_micro = b.locked_micro + pu.l,
        pending_micro = b.pending_micro + pu.p,
        total_earned_micro = b.total_earned_micro + pu.e,
        total_withdrawn_micro = b.total_withdrawn_micro + pu.w,
        forfeited_micro = b.forfeited_micro + pu.f,
        updated_at = now()
        from per_user pu
       where b.user_id = pu.user_id
      returning b.user_id
    ), created as (
      -- A member's first entry creates the row (a concurrent first entry updates it instead).
      insert into balances as b (user_id, available_micro, locked_micro, pending_micro,
                                 total_earned_micro, total_withdrawn_micro, forfeited_micro)
      select user_id, a, l, p, e, w, f from per_user
       where user_id not in (select user_id from updated)
      on conflict (user_id) do update set
        available_micro = b.available_micro + excluded.available_micro,
        locked_micro = b.locked_micro + excluded.locked_micro,
        pending_micro = b.pending_micro + excluded.pending_micro,
        total_earned_micro = b.total_earned_micro + excluded.total_earned_micro,
        total_withdrawn_micro = b.total_withdrawn_micro + excluded.total_withdrawn_micro,
        forfeited_micro = b.forfeited_micro + excluded.forfeited_micro,
        updated_at = now()
      returning b.user_id
    )`;
}

export interface BalanceRow {
  availableMicro: bigint;
  lockedMicro: bigint;
  pendingMicro: bigint;
  totalEarnedMicro: bigint;
  totalWithdrawnMicro: bigint;
  forfeitedMicro: bigint;
}

export async function balanceOf(db: Db, userId: string): Promise<BalanceRow | undefined> {
  const [row] = await rowsOf<Record<keyof BalanceRow, string>>(
    db,
    sql`select available_micro as "availableMicro", locked_micro as "lockedMicro",
               pending_micro as "pendingMicro", total_earned_micro as "totalEarnedMicro",
               total_withdrawn_micro as "totalWithdrawnMicro", forfeited_micro as "forfeitedMicro"
          from balances where user_id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    availableMicro: BigInt(row.availableMicro),
    lockedMicro: BigInt(row.lockedMicro),
    pendingMicro: BigInt(row.pendingMicro),
    totalEarnedMicro: BigInt(row.totalEarnedMicro),
    totalWithdrawnMicro: BigInt(row.totalWithdrawnMicro),
    forfeitedMicro: BigInt(row.forfeitedMicro),
  };
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
               sum(earned_delta) as e, sum(withdrawn_delta) as w, sum(forfeited_delta) as f
          from ledger_entries group by user_id
      ), joined as (
        select coalesce(b.user_id, s.user_id) as user_id,
               array[coalesce(b.available_micro, 0), coalesce(b.locked_micro, 0),
                     coalesce(b.pending_micro, 0), coalesce(b.total_earned_micro, 0),
                     coalesce(b.total_withdrawn_micro, 0), coalesce(b.forfeited_micro, 0)]::numeric[] as bal,
               array[coalesce(s.a, 0), coalesce(s.l, 0), coalesce(s.p, 0), coalesce(s.e, 0),
                     coalesce(s.w, 0), coalesce(s.f, 0)]::numeric[] as led
          from balances b full join sums s on s.user_id = b.user_id
      )
      select user_id as "userId",
             (array['available', 'locked', 'pending', 'totalEarned', 'totalWithdrawn', 'forfeited'])[i] as "column",
             bal[i]::text as balance, led[i]::text as ledger
        from joined, generate_series(1, 6) as i
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
