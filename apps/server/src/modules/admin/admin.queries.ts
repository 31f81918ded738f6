import { and, asc, desc, eq, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUsersQuery } from '@ctn/contracts/admin';
import { rowsOf, type Db } from '../../db/client';
import { preparedFiltered } from '../../db/prepared';
import type { TimestamptzText } from '../../db/type-parsers';
import { balances, memberChanges, referralPaths, users, userTwoFactor } from '../../db/schema';
import { containsPattern } from '../../lib/pagination';

/** Members are every account but administrators and the network's root. */
const isMember = and(eq(users.isAdmin, false), eq(users.isRoot, false));

function memberFilter(query: Pick<AdminUsersQuery, 'search' | 'status'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isMember];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.userId, pattern),
        ilike(users.referralCode, pattern),
        ilike(users.bingxUid, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  return and(...conditions);
}

const ORDER: Record<AdminUsersQuery['sort'], SQL> = {
  '-createdAt': desc(users.createdAt),
  createdAt: asc(users.createdAt),
  email: asc(users.email),
  '-email': desc(users.email),
  lastName: asc(users.lastName),
  '-lastName': desc(users.lastName),
};

/**
 * A row of a page of the members list, as both of its statements select it: the timestamps as
 * PostgreSQL's text (isoOfTimestamptz writes them for the API without a Date in between) and
 * whether the subscription is paid as the database's clock tells it, as the counters count it.
 */
export interface MemberListRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  isEmailVerified: boolean;
  bingxUid: string | null;
  referralCode: string;
  subscriptionPaid: boolean;
  createdAt: TimestamptzText;
  lastLoginAt: TimestamptzText | null;
  isAdmin: boolean;
  walletAddress: string | null;
  referrerCode: string | null;
  referrerUserId: string | null;
  /** Micro-USDT as text; null without a balances row. */
  balanceMicro: string | null;
  earnedMicro: string | null;
  withdrawnMicro: string | null;
}

/**
 * Only the columns the list shows, with the referrer's code and the member's money, in one
 * statement (bench:load); `users` unaliased, so the query builder's conditions and orders
 * (memberFilter, ORDER) apply to it.
 */
const MEMBER_PAGE_SELECT = `select users.id, users.user_id as "userId", users.first_name as "firstName",
         users.last_name as "lastName", users.email, users.status,
         users.is_email_verified as "isEmailVerified", users.bingx_uid as "bingxUid",
         users.referral_code as "referralCode",
         coalesce(users.paid_until > now(), false) as "subscriptionPaid",
         users.created_at::text as "createdAt", users.last_login_at::text as "lastLoginAt",
         users.is_admin as "isAdmin", users.wallet_address as "walletAddress",
         referrer.referral_code as "referrerCode", referrer.user_id as "referrerUserId",
         balances.available_micro::text as "balanceMicro",
         balances.total_earned_micro::text as "earnedMicro",
         balances.total_withdrawn_micro::text as "withdrawnMicro"`;
const MEMBER_PAGE_FROM = `from users
    left join users referrer on referrer.id = users.referred_by
    left join balances on balances.user_id = users.id`;

export async function listMembers(db: Db, query: AdminUsersQuery, offset: number) {
  const [rows, total] = await Promise.all([memberPage(db, query, offset), countMembers(db, query)]);
  return { rows, total };
}

/** One page of the members matching the list's filters, in any of its orders. */
export async function memberPage(
  db: Db,
  query: AdminUsersQuery,
  offset: number,
): Promise<MemberListRow[]> {
  return rowsOf<MemberListRow>(
    db,
    sql`${sql.raw(MEMBER_PAGE_SELECT)} ${sql.raw(MEMBER_PAGE_FROM)}
         where ${memberFilter(query)}
         order by ${ORDER[query.sort]}, ${users.id} desc
         limit ${query.limit} offset ${offset}`,
  );
}

/**
 * The list's first view (newest first, no search; a status filter or not) as a named prepared
 * statement: the same rows as memberPage, without building the query each time, and whether
 * counters taken in `counted` are still true (membersChangedSince) in the same round trip
 * (bench:load).
 */
export function newestMembersPage(db: Db) {
  const read = preparedFiltered<MemberListRow & { countersStale: boolean }>(
    db,
    'admin_newest_members',
    (where, next) =>
      `${MEMBER_PAGE_SELECT},
              -- membersChangedSince, in the same round trip (null: nothing counted yet).
              (select $${next + 2}::text is null or now() >= $${next + 3}::timestamptz
                      or exists (select 1 from member_changes
                                  where xid >= pg_snapshot_xmin($${next + 2}::pg_snapshot)
                                    and not pg_visible_in_snapshot(xid, $${next + 2}::pg_snapshot)))
                as "countersStale"
         ${MEMBER_PAGE_FROM}
        where not users.is_admin and not users.is_root and ${where}
        order by users.created_at desc, users.id desc
        limit $${next} offset $${next + 1}`,
  );
  return async (
    status: AdminUsersQuery['status'],
    limit: number,
    offset: number,
    counted: Pick<CountedMembers, 'snapshot' | 'validUntil'> | null,
  ) => {
    const found = await read(
      [],
      [{ key: 's', sql: (p) => `users.status = ${p}`, value: status }],
      [limit, offset, counted?.snapshot ?? null, counted?.validUntil ?? null],
    );
    // An empty page answers nothing about the counters: count again.
    const countersStale = found[0]?.countersStale ?? true;
    // The rows keep countersStale: the list's mapping reads only its own fields.
    const rows: MemberListRow[] = found;
    return { rows, countersStale };
  };
}

/** How many members match the filters: a scan of every member when there is no search. */
export async function countMembers(
  db: Db,
  query: Pick<AdminUsersQuery, 'search' | 'status'>,
): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(memberFilter(query));
  return count?.n ?? 0;
}

export type MemberCounters = Record<string, number>;

/**
 * The counters, the snapshot they were counted in, and until when time alone leaves them right
 * (the next subscription to lapse, the next midnight for newUsersToday, at most a minute).
 */
export interface CountedMembers {
  counters: MemberCounters;
  snapshot: string;
  validUntil: string;
}

export async function memberCounters(db: Db): Promise<CountedMembers> {
  // One statement, so the snapshot named is the one the counts were taken in.
  const [row] = await rowsOf<MemberCounters & { snapshot: string; validUntil: string }>(
    db,
    sql`select count(*)::int as "totalUsers",
               count(*) filter (where status = 'ACTIVE')::int as "activeUsers",
               count(*) filter (where status = 'LOCKED')::int as "lockedUsers",
               count(*) filter (where status = 'DISABLED')::int as "disabledUsers",
               count(*) filter (where is_email_verified)::int as "verifiedUsers",
               count(*) filter (where not is_email_verified)::int as "unverifiedUsers",
               count(*) filter (where paid_until > now() and bingx_uid is not null)::int as "onboardingCompleted",
               count(*) filter (where paid_until > now())::int as "subscriptionPaid",
               count(*) filter (where created_at >= date_trunc('day', now()))::int as "newUsersToday",
               pg_current_snapshot()::text as snapshot,
               least(now() + interval '1 minute',
                     date_trunc('day', now()) + interval '1 day',
                     min(paid_until) filter (where paid_until > now()))::text as "validUntil"
          from users where not is_admin and not is_root`,
  );
  const { snapshot, validUntil, ...counters } = row!;
  return { counters, snapshot, validUntil };
}

/**
 * Whether counters taken in `counted.snapshot` may differ from the members now: a transaction
 * that snapshot could not see has since committed a member change, or time has moved past
 * `validUntil`. A transaction still running is not counted yet, rightly.
 */
export async function membersChangedSince(
  db: Db,
  counted: Pick<CountedMembers, 'snapshot' | 'validUntil'>,
): Promise<boolean> {
  const [row] = await rowsOf<{ changed: boolean }>(
    db,
    sql`select now() >= ${counted.validUntil}::timestamptz
               or exists (select 1 from member_changes
                           where xid >= pg_snapshot_xmin(${counted.snapshot}::pg_snapshot)
                             and not pg_visible_in_snapshot(xid, ${counted.snapshot}::pg_snapshot))
               as changed`,
  );
  return row!.changed;
}

/** Forgets member changes older than any counters still kept (kept a minute at most). */
export async function pruneMemberChanges(db: Db): Promise<void> {
  await db.delete(memberChanges).where(lt(memberChanges.at, sql`now() - interval '1 hour'`));
}

const referrer = alias(users, 'referrer');

export async function findMemberWithReferrer(db: Db, id: string) {
  const [row] = await db
    .select({
      user: users,
      referrer: {
        _id: referrer.id,
        firstName: referrer.firstName,
        lastName: referrer.lastName,
        userId: referrer.userId,
      },
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, id));
  return row;
}

export async function networkCounts(db: Db, id: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      direct: sql<number>`count(*) filter (where ${referralPaths.depth} = 1)::int`,
    })
    .from(referralPaths)
    .where(eq(referralPaths.ancestor, id));
  return { totalReferrals: row?.total ?? 0, directReferrals: row?.direct ?? 0 };
}

/** Whether the member's second factor is on (an enrolment waiting for its first code is not). */
export async function twoFactorEnabled(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, id), isNotNull(userTwoFactor.enabledAt)));
  return row !== undefined;
}

/** Sets the status; any status but ACTIVE also ends every session (token version). */
export async function updateStatus(db: Db, id: string, status: string) {
  const [row] = await db
    .update(users)
    .set({
      status,
      tokenVersion: status === 'ACTIVE' ? users.tokenVersion : sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id, status: users.status });
  return row;
}

/**
 * Removes what identifies a person and disables the account; the row, its place in the network,
 * its deposit address and (later) its ledger stay, so no financial history is lost.
 */
export async function anonymise(db: Db, id: string) {
  const [row] = await db
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'Member',
      email: sql`'deleted+' || ${users.id} || '@deleted.invalid'`,
      passwordHash: null,
      bingxUid: null,
      status: 'DISABLED',
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return row;
}

export async function recentMembers(db: Db, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      createdAt: users.createdAt,
      paidUntil: users.paidUntil,
      bingxUid: users.bingxUid,
    })
    .from(users)
    .where(isMember)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export interface MemberMoneyRow {
  balanceMicro: bigint;
  earnedMicro: bigint;
  withdrawnMicro: bigint;
  lockedMicro: bigint;
  heldMicro: bigint;
  pendingMicro: bigint;
  forfeitedMicro: bigint;
}

/** Every balance bucket of each listed member (0 if none); `balanceMicro` is the available one. */
export async function moneyOf(db: Db, ids: string[]): Promise<Map<string, MemberMoneyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: balances.userId,
      balanceMicro: balances.availableMicro,
      earnedMicro: balances.totalEarnedMicro,
      withdrawnMicro: balances.totalWithdrawnMicro,
      lockedMicro: balances.lockedMicro,
      heldMicro: balances.heldMicro,
      pendingMicro: balances.pendingMicro,
      forfeitedMicro: balances.forfeitedMicro,
    })
    .from(balances)
    .where(inArray(balances.userId, ids));
  return new Map(rows.map(({ id, ...money }) => [id, money]));
}

/** Everything ever credited as rewards (forfeited credits included: they were distributed). */
export async function rewardsDistributed(db: Db): Promise<bigint> {
  const [row] = await rowsOf<{ micro: string | null }>(
    db,
    sql`select sum(total_earned_micro)::text as micro from balances`,
  );
  return BigInt(row?.micro ?? 0);
}

export interface DailyRow {
  date: string;
  signups: number;
  paymentsMicro: string;
  payoutsMicro: string;
}

/**
 * Sign-ups, payments received and payouts approved per UTC day for the `days` days ending today,
 * oldest first: every day present, zero when nothing happened (generate_series + left joins).
 */
export async function dailySeries(db: Db, days: number): Promise<DailyRow[]> {
  return rowsOf<DailyRow>(
    db,
    sql`with day as (
          select d::date as day
            from generate_series(
                   (now() at time zone 'utc')::date - (${days}::int - 1),
                   (now() at time zone 'utc')::date,
                   interval '1 day') as d
        ),
        since as (select (min(day)::timestamp at time zone 'utc') as at from day),
        signups as (
          select (created_at at time zone 'utc')::date as day, count(*)::int as n
            from users
           where not is_admin and not is_root and created_at >= (select at from since)
           group by 1
        ),
        payments as (
          select (credited_at at time zone 'utc')::date as day, sum(amount_micro) as micro
            from subscription_payments
           where credited_at >= (select at from since)
           group by 1
        ),
        payouts as (
          select (processed_at at time zone 'utc')::date as day, sum(amount_micro) as micro
            from withdrawals
           where status = 'APPROVED' and processed_at >= (select at from since)
           group by 1
        )
        select to_char(day.day, 'YYYY-MM-DD') as date,
               coalesce(signups.n, 0) as signups,
               coalesce(payments.micro, 0)::text as "paymentsMicro",
               coalesce(payouts.micro, 0)::text as "payoutsMicro"
          from day
          left join signups on signups.day = day.day
          left join payments on payments.day = day.day
          left join payouts on payouts.day = day.day
         order by day.day`,
  );
}
