import type { RewardBucket, RewardSort } from '@ctn/contracts/rewards';
import type { RewardType } from '@ctn/contracts/constants';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { TimestamptzText } from '../../db/type-parsers';
import { preparedFiltered, preparedRead } from '../../db/prepared';
import { rewardCycles, users } from '../../db/schema';
import { containsPattern } from '../../lib/pagination';

export interface RewardRow {
  id: string;
  type: RewardType;
  rewardMicro: string;
  percentBp: number;
  masterMicro: string;
  level: number;
  cycle: number | null;
  createdAt: TimestamptzText;
  bucket: RewardBucket;
  userId: string;
  userNumber: string;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  sourceId: string;
  sourceNumber: string;
  sourceFirstName: string;
  sourceLastName: string;
  sourceEmail: string;
  /** When the payment a DIRECT line came from was credited; null for DOWNLINE lines. */
  paymentAt: TimestamptzText | null;
}

export interface RewardFilter {
  userId?: string;
  type?: RewardType | undefined;
  level?: number | undefined;
  cycle?: number | undefined;
  /** Member ids whose rewards (received or produced) match a search. */
  searchIds?: string[];
}

const ORDER: Record<RewardSort, SQL> = {
  '-createdAt': sql`r.created_at desc, r.id desc`,
  createdAt: sql`r.created_at asc, r.id asc`,
  '-rewardAmount': sql`r.reward_micro desc, r.created_at desc, r.id desc`,
  rewardAmount: sql`r.reward_micro asc, r.created_at desc, r.id desc`,
};

function whereOf(filter: RewardFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.userId) parts.push(sql`r.user_id = ${filter.userId}`);
  if (filter.type) parts.push(sql`r.type = ${filter.type}`);
  if (filter.level) parts.push(sql`r.level = ${filter.level}`);
  if (filter.cycle)
    // bigint: a number past the integer column's range matches nothing instead of failing.
    parts.push(
      sql`r.cycle_id = (select id from reward_cycles where number = ${filter.cycle}::bigint)`,
    );
  if (filter.searchIds) {
    const ids = `{${filter.searchIds.join(',')}}`;
    parts.push(sql`(r.user_id = any(${ids}::uuid[]) or r.source_user_id = any(${ids}::uuid[]))`);
  }
  return sql.join(parts, sql` and `);
}

export async function listRewards(
  db: Db,
  filter: RewardFilter,
  sort: RewardSort,
  limit: number,
  offset: number,
): Promise<RewardRow[]> {
  return rowsOf<RewardRow>(
    db,
    sql`
      select r.id, r.type, r.reward_micro::text as "rewardMicro", r.percent_bp as "percentBp",
             r.master_micro::text as "masterMicro", r.level, c.number as cycle,
             r.created_at::text as "createdAt", r.bucket,
             u.id as "userId", u.user_id as "userNumber", u.first_name as "userFirstName",
             u.last_name as "userLastName", u.email as "userEmail",
             s.id as "sourceId", s.user_id as "sourceNumber", s.first_name as "sourceFirstName",
             s.last_name as "sourceLastName", s.email as "sourceEmail",
             p.credited_at::text as "paymentAt"
        from (select * from rewards r where ${whereOf(filter)}
               order by ${ORDER[sort]} limit ${limit} offset ${offset}) r
        join users u on u.id = r.user_id
        join users s on s.id = r.source_user_id
        left join reward_cycles c on c.id = r.cycle_id
        left join subscription_payments p on p.id = r.payment_id
       order by ${ORDER[sort]}`,
  );
}

/** What a member's own list shows of a line (rewards.service.ts memberItemOf). */
export type MemberRewardRow = Omit<
  RewardRow,
  'userId' | 'userNumber' | 'userFirstName' | 'userLastName' | 'userEmail' | 'sourceId'
>;

/**
 * A page of a member's own lines, newest first, as one prepared statement (the member's default
 * view of /rewards, bench:load); the other orders go through listRewards.
 */
export function memberRewardsPage(db: Db) {
  const read = preparedFiltered<MemberRewardRow>(
    db,
    'member_rewards_page',
    (where, next) =>
      `select r.id, r.type, r.reward_micro::text as "rewardMicro", r.percent_bp as "percentBp",
              r.master_micro::text as "masterMicro", r.level, c.number as cycle,
              r.created_at::text as "createdAt", r.bucket,
              s.user_id as "sourceNumber", s.first_name as "sourceFirstName",
              s.last_name as "sourceLastName", s.email as "sourceEmail",
              p.credited_at::text as "paymentAt"
         from (select * from rewards r where ${where}
                order by r.created_at desc, r.id desc limit $${next} offset $${next + 1}) r
         join users s on s.id = r.source_user_id
         left join reward_cycles c on c.id = r.cycle_id
         left join subscription_payments p on p.id = r.payment_id
        order by r.created_at desc, r.id desc`,
  );
  return (
    filter: { userId: string; type?: RewardType | undefined; level?: number | undefined },
    limit: number,
    offset: number,
  ) =>
    read(
      [{ sql: 'r.user_id = $1', value: filter.userId }],
      [
        { key: 't', sql: (p) => `r.type = ${p}`, value: filter.type },
        { key: 'l', sql: (p) => `r.level = ${p}::int`, value: filter.level },
      ],
      [limit, offset],
    );
}

export interface RewardTotals {
  total: number;
  totalMicro: string;
  directMicro: string;
  downlineMicro: string;
  directCount: number;
  downlineCount: number;
  masterMicro: string;
  maxMicro: string;
  minMicro: string;
}

export async function rewardTotals(db: Db, filter: RewardFilter): Promise<RewardTotals> {
  const [row] = await rowsOf<RewardTotals>(
    db,
    sql`
      select count(*)::int as total,
             coalesce(sum(reward_micro), 0)::text as "totalMicro",
             coalesce(sum(reward_micro) filter (where type = 'DIRECT'), 0)::text as "directMicro",
             coalesce(sum(reward_micro) filter (where type = 'DOWNLINE'), 0)::text as "downlineMicro",
             (count(*) filter (where type = 'DIRECT'))::int as "directCount",
             (count(*) filter (where type = 'DOWNLINE'))::int as "downlineCount",
             coalesce(sum(master_micro), 0)::text as "masterMicro",
             coalesce(max(reward_micro), 0)::text as "maxMicro",
             coalesce(min(reward_micro), 0)::text as "minMicro"
        from rewards r where ${whereOf(filter)}`,
  );
  if (!row) throw new Error('reward totals returned nothing');
  return row;
}

/** How many lines match: a member's lines alone are counted from its index (index-only scan). */
export async function rewardCount(db: Db, filter: RewardFilter): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from rewards r where ${whereOf(filter)}`,
  );
  return row?.total ?? 0;
}

/** Members matching a search (name, email, public number), at most `limit`. */
export async function searchMemberIds(db: Db, term: string, limit: number): Promise<string[]> {
  const pattern = containsPattern(term);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        ilike(users.email, pattern),
        ilike(users.userId, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface MemberMoney {
  id: string;
  availableMicro: string;
  lockedMicro: string;
  heldMicro: string;
  pendingMicro: string;
  earnedMicro: string;
  withdrawnMicro: string;
  forfeitedMicro: string;
  directMicro: string;
  downlineMicro: string;
  status: string;
  paidUntil: Date | null;
  bingxUid: string | null;
  lockedSince: Date | null;
  lockReasons: string[];
  checkedAt: Date | null;
}

/** Credits of one UTC day, from the ledger. */
export interface EarningsDay {
  date: string;
  directMicro: string;
  downlineMicro: string;
}

/**
 * A member's balances, earnings by kind (from the ledger), compliance state and credits per UTC
 * day over the last `days` days: everything /rewards/stats shows, in one prepared statement
 * (bench:load). The days come as one JSON array, oldest first.
 */
export function memberStatsLookup(db: Db) {
  const read = preparedRead<MemberMoney & { days: EarningsDay[] }, [string, number]>(
    db,
    'member_reward_stats',
    `select u.id, coalesce(b.available_micro, 0)::text as "availableMicro",
            coalesce(b.locked_micro, 0)::text as "lockedMicro",
            coalesce(b.held_micro, 0)::text as "heldMicro",
            coalesce(b.pending_micro, 0)::text as "pendingMicro",
            coalesce(b.total_earned_micro, 0)::text as "earnedMicro",
            coalesce(b.total_withdrawn_micro, 0)::text as "withdrawnMicro",
            coalesce(b.forfeited_micro, 0)::text as "forfeitedMicro",
            e."directMicro", e."downlineMicro",
            u.status, u.paid_until as "paidUntil", u.bingx_uid as "bingxUid",
            u.earnings_locked_since as "lockedSince", u.earnings_lock_reasons as "lockReasons",
            u.compliance_checked_at as "checkedAt", e.days
       from users u left join balances b on b.user_id = u.id
       -- The member's ledger entries read once, by day: the totals per kind, and the days of
       -- the chart (what was earned in the last $2 days).
       cross join lateral (
         select coalesce(sum(d.direct), 0)::text as "directMicro",
                coalesce(sum(d.downline), 0)::text as "downlineMicro",
                coalesce(json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'),
                                                    'directMicro', d.direct_charted::text,
                                                    'downlineMicro', d.downline_charted::text)
                                  order by d.date) filter (where d.charted), '[]'::json) as days
           -- Grouped by the date, formatted once per day rather than once per entry.
           from (select (created_at at time zone 'UTC')::date as date,
                        sum(earned_delta) filter (where kind = 'REWARD_DIRECT') as direct,
                        sum(earned_delta) filter (where kind = 'REWARD_DOWNLINE') as downline,
                        bool_or(charted) as charted,
                        coalesce(sum(earned_delta) filter (where charted and kind = 'REWARD_DIRECT'), 0)
                          as direct_charted,
                        coalesce(sum(earned_delta) filter (where charted and kind = 'REWARD_DOWNLINE'), 0)
                          as downline_charted
                   from (select created_at, kind, earned_delta,
                                earned_delta > 0
                                  and created_at >= now() - make_interval(days => $2::int) as charted
                           from ledger_entries where user_id = u.id) l
                  group by 1) d
       ) e
      where u.user_id = $1`,
  );
  return async (publicNumber: string, days: number) => (await read(publicNumber, days))[0];
}

export interface RewardLedgerMismatch {
  userId: string;
  source: string;
  rewards: string;
  ledger: string;
}

/**
 * Every (member, source) whose reward lines do not add up to the ledger entry that credited
 * them: each payment and each cycle posts one REWARD_* entry per member with the sum of its lines.
 */
export async function rewardLedgerMismatches(
  db: Db,
  limit: number,
): Promise<RewardLedgerMismatch[]> {
  return rowsOf<RewardLedgerMismatch>(
    db,
    sql`
      with lines as (
        select user_id,
               case when type = 'DIRECT' then 'REWARD_DIRECT' else 'REWARD_DOWNLINE' end as kind,
               case when type = 'DIRECT' then 'payment:' || payment_id else 'cycle:' || cycle_id end
                 as source_key,
               sum(reward_micro) as micro
          from rewards group by 1, 2, 3
      ), entries as (
        select user_id, kind, source_key, earned_delta as micro from ledger_entries
         where kind in ('REWARD_DIRECT', 'REWARD_DOWNLINE')
      )
      select coalesce(l.user_id, e.user_id) as "userId",
             coalesce(l.source_key, e.source_key) as source,
             coalesce(l.micro, 0)::text as rewards, coalesce(e.micro, 0)::text as ledger
        from lines l full join entries e
          on e.user_id = l.user_id and e.kind = l.kind and e.source_key = l.source_key
       where coalesce(l.micro, 0) <> coalesce(e.micro, 0)
       limit ${limit}`,
  );
}

/** A completed cycle's public facts, by its number (a member's statement). */
export async function completedCycleByNumber(db: Db, number: number) {
  const [row] = await db
    .select({
      id: rewardCycles.id,
      number: rewardCycles.number,
      source: rewardCycles.source,
      periodStart: rewardCycles.periodStart,
      periodEnd: rewardCycles.periodEnd,
      schedule: rewardCycles.schedule,
      completedAt: rewardCycles.completedAt,
    })
    .from(rewardCycles)
    .where(and(eq(rewardCycles.number, number), eq(rewardCycles.status, 'COMPLETED')));
  // The row has the number asked for.
  return row && { ...row, number: row.number! };
}

/** One member's lines of one cycle, grouped by level. */
export async function memberCycleLevels(db: Db, userId: string, cycleId: string) {
  return rowsOf<{
    level: number;
    lines: number;
    baseMicro: string;
    amountMicro: string;
    lockedMicro: string;
    heldMicro: string;
  }>(
    db,
    sql`select level, count(*)::int as lines, sum(master_micro)::text as "baseMicro",
               sum(reward_micro)::text as "amountMicro",
               coalesce(sum(reward_micro) filter (where bucket = 'LOCKED'), 0)::text as "lockedMicro",
               coalesce(sum(reward_micro) filter (where bucket = 'HELD'), 0)::text as "heldMicro"
          from rewards where user_id = ${userId} and cycle_id = ${cycleId}
         group by level order by level`,
  );
}
