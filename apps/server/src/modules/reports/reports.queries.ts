import type { ActivityType, ReportSort, UserReportsQuery } from '@ctn/contracts/reports';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { containsPattern } from '../../lib/pagination';

/** Sort keys of the page: fixed fragments, never text from the request. */
const ORDER: Record<ReportSort, SQL> = {
  '-createdAt': sql`u.created_at desc`,
  createdAt: sql`u.created_at asc`,
  '-lastLogin': sql`u.last_login_at desc nulls last`,
  '-balance': sql`coalesce(b.available_micro, 0) desc`,
  '-totalEarned': sql`coalesce(b.total_earned_micro, 0) desc`,
  name: sql`lower(u.first_name || ' ' || u.last_name) asc`,
};

export interface ReportRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  joinedAt: Date;
  lastLogin: Date | null;
  availableMicro: string;
  lockedMicro: string;
  heldMicro: string;
  pendingMicro: string;
  earnedMicro: string;
  withdrawnMicro: string;
  forfeitedMicro: string;
  payments: number;
  paidMicro: string;
  direct: number;
  network: number;
  activeNetwork: number;
  logins30: number;
  withdrawals: number;
  rewardCredits: number;
  lastActivityAt: Date | null;
  tradingCycles: number;
  commissionMicro: string;
  volumeMicro: string | null;
  cyclesWithVolume: number;
  /** Members matching the filter, on every row of the page. */
  total: number;
}

/**
 * One statement per page: the members of the page (filtered, sorted, paged with their balances),
 * then each counter as a lateral aggregate over an index on the member's id (trading: over
 * reward_cycle_entries_user_idx). Members only:
 * administrators and the root are never reported.
 */
function reportsSql(where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    with page as (
      select u.id, u.user_id, u.first_name, u.last_name, u.email, u.status, u.created_at,
             u.last_login_at,
             coalesce(b.available_micro, 0) as available_micro,
             coalesce(b.locked_micro, 0) as locked_micro,
             coalesce(b.held_micro, 0) as held_micro,
             coalesce(b.pending_micro, 0) as pending_micro,
             coalesce(b.total_earned_micro, 0) as earned_micro,
             coalesce(b.total_withdrawn_micro, 0) as withdrawn_micro,
             coalesce(b.forfeited_micro, 0) as forfeited_micro,
             count(*) over ()::int as total,
             row_number() over (order by ${order}, u.id desc) as position
        from users u
        left join balances b on b.user_id = u.id
       where not u.is_admin and not u.is_root and ${where}
       order by ${order}, u.id desc
       limit ${limit} offset ${offset}
    )
    select p.id, p.user_id as "userId", p.first_name as "firstName", p.last_name as "lastName",
           p.email, p.status, p.created_at as "joinedAt", p.last_login_at as "lastLogin",
           p.available_micro::text as "availableMicro", p.locked_micro::text as "lockedMicro",
           p.held_micro::text as "heldMicro",
           p.pending_micro::text as "pendingMicro", p.earned_micro::text as "earnedMicro",
           p.withdrawn_micro::text as "withdrawnMicro", p.forfeited_micro::text as "forfeitedMicro",
           sp.n as payments, sp.micro::text as "paidMicro",
           rp.direct, rp.network, rp.active as "activeNetwork",
           ml.recent as logins30, wd.n as withdrawals, le.n as "rewardCredits",
           greatest(p.last_login_at, ml.last, sp.last, wd.last, le.last, rf.last) as "lastActivityAt",
           tr.cycles as "tradingCycles", tr.commission::text as "commissionMicro",
           tr.volume::text as "volumeMicro", tr.with_volume as "cyclesWithVolume",
           p.total
      from page p
      cross join lateral (
        select count(*)::int as n, coalesce(sum(amount_micro), 0) as micro, max(credited_at) as last
          from subscription_payments where user_id = p.id) sp
      cross join lateral (
        select count(*) filter (where depth = 1)::int as direct, count(*)::int as network,
               count(*) filter (where descendant_status = 'ACTIVE')::int as active
          from referral_paths where ancestor = p.id) rp
      cross join lateral (
        select count(*) filter (where created_at >= now() - interval '30 days')::int as recent,
               max(created_at) as last
          from member_logins where user_id = p.id) ml
      cross join lateral (
        select count(*)::int as n, max(requested_at) as last
          from withdrawals where user_id = p.id) wd
      cross join lateral (
        select count(*)::int as n, max(created_at) as last
          from ledger_entries
         where user_id = p.id and kind in ('REWARD_DIRECT', 'REWARD_DOWNLINE')) le
      cross join lateral (
        select max(created_at) as last from users c where c.referred_by = p.id) rf
      cross join lateral (
        select count(*)::int as cycles, coalesce(sum(e.master_micro), 0) as commission,
               sum(e.volume_micro) as volume, count(e.volume_micro)::int as with_volume
          from reward_cycle_entries e join reward_cycles rc on rc.id = e.cycle_id
         where e.user_id = p.id and rc.status = 'COMPLETED') tr
     order by p.position`;
}

function filterOf(query: Pick<UserReportsQuery, 'search' | 'status'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`u.status = ${query.status}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      sql`(u.email ilike ${pattern} or u.user_id ilike ${pattern}
           or (u.first_name || ' ' || u.last_name) ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

export async function reportPage(
  db: Db,
  query: UserReportsQuery,
  offset: number,
): Promise<ReportRow[]> {
  return rowsOf<ReportRow>(db, reportsSql(filterOf(query), ORDER[query.sort], query.limit, offset));
}

/** Members matching the filter: only needed when a page past the end comes back empty. */
export async function countMembers(
  db: Db,
  query: Pick<UserReportsQuery, 'search' | 'status'>,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u
         where not u.is_admin and not u.is_root and ${filterOf(query)}`,
  );
  return row?.n ?? 0;
}

export async function reportOf(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await rowsOf<ReportRow>(
    db,
    reportsSql(sql`u.id = ${id}::uuid`, ORDER['-createdAt'], 1, 0),
  );
  return row;
}

export interface ActivityRow {
  type: ActivityType;
  at: Date;
  summary: string;
  /** Micro-USDT, for money activities. */
  micro: string | null;
}

/**
 * The member's newest activities of the five types, newest first, in one UNION ALL: each branch
 * reads its own index on (member, time) and stops at `limit` rows.
 */
export async function timeline(db: Db, id: string, limit: number): Promise<ActivityRow[]> {
  return rowsOf<ActivityRow>(
    db,
    sql`select type, at, summary, micro
          from (
            (select 'LOGIN' as type, created_at as at,
                    'Signed in' || coalesce(' from ' || ip, '') as summary, null::text as micro
               from member_logins where user_id = ${id}::uuid
              order by created_at desc limit ${limit})
            union all
            (select 'REWARD_CLAIM', created_at,
                    coalesce(memo, case kind when 'REWARD_DIRECT' then 'Referral reward'
                                             else 'Downline reward' end),
                    earned_delta::text
               from ledger_entries
              where user_id = ${id}::uuid and kind in ('REWARD_DIRECT', 'REWARD_DOWNLINE')
              order by created_at desc limit ${limit})
            union all
            (select 'WITHDRAWAL', requested_at,
                    'Withdrawal request ' || replace(status, '_', ' '), amount_micro::text
               from withdrawals where user_id = ${id}::uuid
              order by requested_at desc limit ${limit})
            union all
            (select 'REFERRAL', created_at,
                    first_name || ' ' || last_name || ' (' || user_id || ') joined', null::text
               from users where referred_by = ${id}::uuid
              order by created_at desc limit ${limit})
            union all
            (select 'SUBSCRIPTION', credited_at, 'Subscription payment received',
                    amount_micro::text
               from subscription_payments where user_id = ${id}::uuid
              order by credited_at desc limit ${limit})
          ) activity
         order by activity.at desc, activity.type
         limit ${limit}`,
  );
}
