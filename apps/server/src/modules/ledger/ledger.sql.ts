// The ledger's public SQL: how any statement posts entries. Other modules' queries that credit
// or debit in bulk (the reward cycle) build on it, so every posting goes through these lines.
import { sql, type SQL } from 'drizzle-orm';

/** The bucket columns of an entry, in the order every posting select must produce them. */
export const ENTRY_COLUMNS = sql.raw(
  'user_id, kind, source_key, available_delta, locked_delta, pending_delta, earned_delta, withdrawn_delta, forfeited_delta, held_delta, memo, created_at',
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
                withdrawn_delta, forfeited_delta, held_delta
    ), per_user as (
      select user_id, sum(available_delta) as a, sum(locked_delta) as l, sum(pending_delta) as p,
             sum(earned_delta) as e, sum(withdrawn_delta) as w, sum(forfeited_delta) as f,
             sum(held_delta) as h
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
        held_micro = b.held_micro + pu.h,
        updated_at = now()
        from per_user pu
       where b.user_id = pu.user_id
      returning b.user_id
    ), created as (
      -- A member's first entry creates the row (a concurrent first entry updates it instead).
      insert into balances as b (user_id, available_micro, locked_micro, pending_micro,
                                 total_earned_micro, total_withdrawn_micro, forfeited_micro,
                                 held_micro)
      select user_id, a, l, p, e, w, f, h from per_user
       where user_id not in (select user_id from updated)
      on conflict (user_id) do update set
        available_micro = b.available_micro + excluded.available_micro,
        locked_micro = b.locked_micro + excluded.locked_micro,
        pending_micro = b.pending_micro + excluded.pending_micro,
        total_earned_micro = b.total_earned_micro + excluded.total_earned_micro,
        total_withdrawn_micro = b.total_withdrawn_micro + excluded.total_withdrawn_micro,
        forfeited_micro = b.forfeited_micro + excluded.forfeited_micro,
        held_micro = b.held_micro + excluded.held_micro,
        updated_at = now()
      returning b.user_id
    )`;
}
