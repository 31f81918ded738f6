import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { postingCtes } from '../ledger/ledger.sql';
import { RECIPIENT_BUCKET } from './reward-eligibility';

/** The settlements of one member's held credits share this prefix: `uid-review:<member>:`. */
const settlementPrefix = (memberId: string) => `uid-review:${memberId}:`;

/**
 * What each recipient still holds from one trading member's DOWNLINE lines: the HELD lines
 * (rewards_held_source_idx) minus what earlier decisions on that member's reviews settled (their
 * ledger entries, found by the unique (user, kind, source) index). The ledger is the record:
 * nothing on the lines changes.
 */
const dueSql = (memberId: string) => sql`
  with held as (
    select user_id, sum(reward_micro) as amount
      from rewards where bucket = 'HELD' and source_user_id = ${memberId}
     group by user_id
  ), settled as (
    select h.user_id, coalesce(-sum(le.held_delta), 0) as amount
      from held h join ledger_entries le on le.user_id = h.user_id
       and le.kind in ('HOLD_RELEASE', 'HOLD_FORFEIT')
       and le.source_key like ${`${settlementPrefix(memberId)}%`}
     group by h.user_id
  )
  select h.user_id, h.amount - coalesce(s.amount, 0) as amount
    from held h left join settled s on s.user_id = h.user_id
   where h.amount - coalesce(s.amount, 0) > 0`;

/** What one member's flagged link holds, over every recipient. */
export async function heldFromMember(
  db: Db,
  memberId: string,
): Promise<{ recipients: number; amountMicro: bigint }> {
  const [row] = await rowsOf<{ recipients: number; amount: string }>(
    db,
    sql`select count(*)::int as recipients, coalesce(sum(amount), 0)::text as amount
          from (${dueSql(memberId)}) as due`,
  );
  return { recipients: row?.recipients ?? 0, amountMicro: BigInt(row?.amount ?? 0) };
}

export type HeldOutcome = 'RELEASE' | 'FORFEIT';

/**
 * Settles everything one member's flagged link holds, in ONE statement: one ledger entry per
 * recipient moves exactly what it holds out of `held`, to the bucket the recipient's state gives
 * today (available, or locked for a member whose earnings are locked, decision 044) on a
 * release, to `forfeited` (the platform keeps it) on a rejection. `episode` names the review's
 * decision, so the same decision never posts twice.
 */
export async function settleHeld(
  tx: Db,
  memberId: string,
  episode: string,
  outcome: HeldOutcome,
  memo: string,
): Promise<{ recipients: number; amountMicro: bigint }> {
  const kind = outcome === 'RELEASE' ? 'HOLD_RELEASE' : 'HOLD_FORFEIT';
  const released = outcome === 'RELEASE';
  const [row] = await rowsOf<{ recipients: number; amount: string }>(
    tx,
    sql`
      with due as (${dueSql(memberId)}), targets as (
        select d.user_id, d.amount, ${RECIPIENT_BUCKET} = 'AVAILABLE' as to_available
          from due d join users u on u.id = d.user_id
      ), ${postingCtes(sql`
        select user_id, ${kind}, ${`${settlementPrefix(memberId)}${episode}`},
               case when ${released}::boolean and to_available then amount else 0 end,
               case when ${released}::boolean and not to_available then amount else 0 end,
               0::bigint, 0::bigint, 0::bigint,
               case when ${released}::boolean then 0 else amount end,
               -amount, ${memo}::text, now()
          from targets`)}
      select count(*)::int as recipients, coalesce(sum(-h), 0)::text as amount from per_user`,
  );
  return { recipients: row?.recipients ?? 0, amountMicro: BigInt(row?.amount ?? 0) };
}
