import type { UserStatus } from '@ctn/contracts/constants';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { preparedFiltered } from '../../db/prepared';
import type { TimestamptzText } from '../../db/type-parsers';
import { referralPaths, users } from '../../db/schema';

/**
 * SQL of the referral network. Everything is set-based over the closure table
 * `referral_paths(ancestor, descendant, depth 1..15)`: a network, a level, a count or a page is
 * one indexed range of it, never a walk of `users.referred_by` row by row. The `descendant_*`
 * copies on each path (kept by triggers, migration 0001) let counts and "newest first" pages read
 * the index alone.
 */

/** The deepest level a path reaches (DESIGN.md section 4). */
export const MAX_DEPTH = 15;

/** A member's own fields the referral pages show. */
export interface ViewerRow {
  firstName: string;
  lastName: string;
  email: string;
  userId: string;
  referralCode: string;
}

export async function findViewer(db: Db, viewerId: string): Promise<ViewerRow | undefined> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userId: users.userId,
      referralCode: users.referralCode,
    })
    .from(users)
    .where(eq(users.id, viewerId));
  return row;
}

/** One level of a network, split by status: the figures every statistic is summed from. */
export interface LevelStatusCount {
  depth: number;
  status: UserStatus;
  total: number;
  linked: number;
  paid: number;
  /** The soonest paid subscription of the group to lapse: `paid` is true until then. */
  nextLapse: Date | null;
}

/** Per level and status: members, linked exchange UIDs and paid subscriptions. Index only. */
export async function levelCounts(
  db: Db,
  ancestorId: string,
  maxLevel: number,
): Promise<LevelStatusCount[]> {
  return rowsOf<LevelStatusCount>(
    db,
    sql`select depth::int as depth, descendant_status as status, count(*)::int as total,
               (count(*) filter (where descendant_linked))::int as linked,
               (count(*) filter (where descendant_paid_until > now()))::int as paid,
               min(descendant_paid_until) filter (where descendant_paid_until > now()) as "nextLapse"
          from referral_paths
         where ancestor = ${ancestorId} and depth <= ${maxLevel}
         group by depth, descendant_status
         order by depth, descendant_status`,
  );
}

export interface HistoryFilter {
  maxLevel: number;
  level?: number | undefined;
  status?: UserStatus | undefined;
  limit: number;
  offset: number;
}

export interface HistoryRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  level: number;
  status: string;
  subscriptionPaid: boolean;
  subscriptionPaidAt: TimestamptzText | null;
  bingxLinked: boolean;
  joinedAt: TimestamptzText;
}

/** A history page and the viewer's referral code (on every row; one row with no page when empty). */
export type HistoryPageRow = { viewerCode: string } & (
  HistoryRow | { [K in keyof HistoryRow]: null }
);

/**
 * The viewer's referral code and one page of their network, newest first, as one prepared
 * statement (every visit of /referrals; bench:load). The viewer's row is there even when the
 * page is empty; a viewer who does not exist gives no row.
 */
export function historyRead(db: Db) {
  const read = preparedFiltered<HistoryPageRow>(
    db,
    'referral_history_page',
    (where, next) =>
      `select v.referral_code as "viewerCode", h.id, h."firstName", h."lastName", h.email,
              h.level, h.status, h."subscriptionPaid", h."subscriptionPaidAt", h."bingxLinked",
              h."joinedAt"
         from users v
         left join lateral (
           select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
                  p.depth::int as level, u.status,
                  coalesce(u.paid_until > now(), false) as "subscriptionPaid",
                  u.subscription_paid_at::text as "subscriptionPaidAt",
                  u.bingx_uid is not null as "bingxLinked", u.created_at::text as "joinedAt",
                  p.descendant_joined_at as joined, p.descendant
             from (select descendant, depth, descendant_joined_at
                     from referral_paths
                    where ${where}
                    order by descendant_joined_at desc, descendant desc
                    limit $${next} offset $${next + 1}) as p
             join users u on u.id = p.descendant
         ) h on true
        where v.id = $1
        order by h.joined desc nulls last, h.descendant desc`,
  );
  return (viewerId: string, filter: HistoryFilter) =>
    read(
      [
        // The viewer's network; $1 is the viewer of the outer WHERE as well.
        { sql: 'ancestor = $1', value: viewerId },
        { sql: 'depth <= $2::int', value: filter.maxLevel },
      ],
      [
        { key: 'l', sql: (p) => `depth = ${p}::int`, value: filter.level },
        { key: 's', sql: (p) => `descendant_status = ${p}`, value: filter.status },
      ],
      [filter.limit, filter.offset],
    );
}

/** How deep `memberId` sits below `viewerId` (0 for the viewer), or undefined outside the network. */
export async function levelInNetwork(
  db: Db,
  viewerId: string,
  memberId: string,
): Promise<number | undefined> {
  if (memberId === viewerId) return 0;
  const [row] = await db
    .select({ depth: referralPaths.depth })
    .from(referralPaths)
    .where(and(eq(referralPaths.ancestor, viewerId), eq(referralPaths.descendant, memberId)));
  return row?.depth;
}

export async function childCount(db: Db, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralPaths)
    .where(and(eq(referralPaths.ancestor, memberId), eq(referralPaths.depth, 1)));
  return row?.n ?? 0;
}

/** A tree node as read from the database; the service nests them. */
export interface NodeRow {
  id: string;
  parentId: string | null;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  level: number;
  childCount: number;
  totalDescendants: number;
}

/**
 * The node columns for a set `x(id, level)` of members: their own fields, their number of
 * children (none counted at level 15: those are beyond the viewer's 15 levels) and the members
 * below them down to the viewer's `maxLevels`. Both counts read the closure table's index only.
 */
function nodeSelect(maxLevels: number): SQL {
  return sql`select u.id, u.referred_by as "parentId", u.user_id as "userId",
               u.first_name as "firstName", u.last_name as "lastName", u.email, x.level,
               case when x.level < ${MAX_DEPTH}
                    then (select count(*)::int from referral_paths c
                           where c.ancestor = u.id and c.depth = 1)
                    else 0 end as "childCount",
               (select count(*)::int from referral_paths d
                 where d.ancestor = u.id and d.depth <= ${maxLevels} - x.level) as "totalDescendants"
          from x join users u on u.id = x.id
         order by x.level, u.created_at, u.id`;
}

export interface TreeWalk {
  /** Whose children to start from (the viewer, or a member of the viewer's network). */
  anchorId: string;
  /** The anchor's level below the viewer (0 for the viewer). */
  anchorLevel: number;
  /** Skip this many of the anchor's own children. */
  offset: number;
  maxLevels: number;
  /** At most this many children of any one member. */
  perParent: number;
  /** At most this many nodes in all. */
  nodeLimit: number;
}

/**
 * The anchor's subtree breadth first, down to `maxLevels`: the anchor's children from `offset`,
 * then theirs, level by level, at most `perParent` children of each member (oldest first) and
 * `nodeLimit` nodes in all. PostgreSQL evaluates a recursive query only as far as its reader
 * asks, so the LIMIT stops the walk after `nodeLimit` nodes whatever the size of the network; a
 * breadth-first prefix always holds every node's parent.
 */
export async function walkTree(db: Db, walk: TreeWalk): Promise<NodeRow[]> {
  if (walk.anchorLevel >= walk.maxLevels || walk.nodeLimit <= 0) return [];
  return rowsOf<NodeRow>(
    db,
    sql`with recursive walk(id, level) as (
          select c.descendant, ${walk.anchorLevel + 1}::int
            from (select descendant from referral_paths
                   where ancestor = ${walk.anchorId} and depth = 1
                   order by descendant_joined_at, descendant
                   offset ${walk.offset} limit ${walk.perParent}) as c
          union all
          select c.descendant, w.level + 1
            from walk w
           cross join lateral (
                 select r.descendant from referral_paths r
                  where r.ancestor = w.id and r.depth = 1
                  order by r.descendant_joined_at, r.descendant
                  limit ${walk.perParent}) as c
           where w.level < ${walk.maxLevels}
        ),
        x as (select id, level from walk limit ${walk.nodeLimit})
        ${nodeSelect(walk.maxLevels)}`,
  );
}

/**
 * Members of the network down to `maxLevels` whose name or ID contains `text`, or whose email
 * does at level 1: deeper emails are masked for members, so a search must not reveal them.
 */
export async function searchNetwork(
  db: Db,
  viewerId: string,
  text: string,
  maxLevels: number,
  limit: number,
): Promise<{ id: string; level: number }[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rowsOf<{ id: string; level: number }>(
    db,
    sql`select rp.descendant as id, rp.depth::int as level
          from referral_paths rp
          join users u on u.id = rp.descendant
         where rp.ancestor = ${viewerId} and rp.depth <= ${maxLevels}
           and (u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
                or (u.first_name || ' ' || u.last_name) ilike ${pattern}
                or (rp.depth = 1 and u.email ilike ${pattern}) or u.user_id ilike ${pattern})
         order by rp.depth, rp.descendant_joined_at, rp.descendant
         limit ${limit}`,
  );
}

/** The given members of the viewer's network and every member between them and the viewer. */
export async function nodesWithUplines(
  db: Db,
  viewerId: string,
  memberIds: readonly string[],
  maxLevels: number,
): Promise<NodeRow[]> {
  if (memberIds.length === 0) return [];
  const ids = uuidArray(memberIds);
  return rowsOf<NodeRow>(
    db,
    sql`with m(id) as (select unnest(${ids}::uuid[])),
        x as (
          select v.descendant as id, v.depth::int as level
            from referral_paths v
           where v.ancestor = ${viewerId} and v.depth <= ${maxLevels}
             and (v.descendant in (select id from m)
                  or v.descendant in (select a.ancestor from referral_paths a
                                       where a.descendant in (select id from m)))
        )
        ${nodeSelect(maxLevels)}`,
  );
}

/** A PostgreSQL array literal of UUIDs (validated: nothing else can reach the SQL). */
function uuidArray(ids: readonly string[]): string {
  for (const id of ids) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new Error(`not a uuid: ${id}`);
  }
  return `{${ids.join(',')}}`;
}

// ------------------------------------------------------------------------------ earnings

export interface NetworkEarnings {
  /** Micro-USDT the viewer earned from each listed member (absent = 0). */
  perMember: Map<string, bigint>;
  /** Micro-USDT the viewer earned from the whole network down to `maxLevels`. */
  total: bigint;
}

/**
 * What the viewer earned (DIRECT and DOWNLINE lines) from each listed member, and from the whole
 * network down to `maxLevels`.
 */
export async function networkEarnings(
  db: Db,
  viewerId: string,
  memberIds: readonly string[],
  maxLevels: number,
): Promise<NetworkEarnings> {
  const [perMember, [total]] = await Promise.all([
    memberIds.length === 0
      ? Promise.resolve([])
      : rowsOf<{ id: string; micro: string }>(
          db,
          sql`select source_user_id as id, sum(reward_micro)::text as micro from rewards
               where user_id = ${viewerId}
                 and source_user_id = any(${`{${memberIds.join(',')}}`}::uuid[])
               group by source_user_id`,
        ),
    rowsOf<{ micro: string | null }>(
      db,
      sql`select sum(reward_micro)::text as micro from rewards
           where user_id = ${viewerId} and level <= ${maxLevels}`,
    ),
  ]);
  return {
    perMember: new Map(perMember.map((r) => [r.id, BigInt(r.micro)])),
    total: BigInt(total?.micro ?? 0),
  };
}

// ------------------------------------------------------------------------ invitee funnel

export interface FunnelRow {
  invitees: number;
  verifiedCount: number;
  paidCount: number;
  linkedCount: number;
  tradingCount: number;
  tradingUnknownCount: number;
  /** Null on the summary-only row of a page past the end. */
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  registeredAt: TimestamptzText | null;
  verified: boolean | null;
  verifiedAt: TimestamptzText | null;
  paidAt: TimestamptzText | null;
  linked: boolean | null;
  linkedAt: TimestamptzText | null;
  /** 'YES', 'NO' or 'UNKNOWN'. */
  trading: string | null;
  tradedAt: TimestamptzText | null;
  earnedMicro: string | null;
}

/**
 * The viewer's direct invitees with the stages each reached, what the viewer earned from each,
 * and the counts over all of them, in one statement: the summary row joins the page, so a page
 * past the end still carries the counts. Trading: YES once a completed cycle paid on the
 * invitee's trading, NO when not linked or the last exchange read found copying stopped,
 * otherwise UNKNOWN (the exchange has not told us).
 */
export async function inviteeFunnel(
  db: Db,
  viewerId: string,
  limit: number,
  offset: number,
): Promise<FunnelRow[]> {
  return rowsOf<FunnelRow>(
    db,
    sql`with invitee as (
          select u.id, u.first_name, u.last_name, u.created_at,
                 u.is_email_verified as verified, u.email_verified_at,
                 (select min(sp.credited_at) from subscription_payments sp
                   where sp.user_id = u.id and sp.periods_added > 0) as paid_at,
                 u.bingx_uid is not null as linked, u.bingx_linked_at,
                 (select max(rc.completed_at) from reward_cycle_entries e
                    join reward_cycles rc on rc.id = e.cycle_id and rc.status = 'COMPLETED'
                   where e.user_id = u.id) as traded_at,
                 'COPYING_STOPPED' = any(u.earnings_lock_reasons) as copying_stopped
            from referral_paths p join users u on u.id = p.descendant
           where p.ancestor = ${viewerId} and p.depth = 1),
        staged as (
          select i.*, case when i.traded_at is not null then 'YES'
                           when not i.linked or i.copying_stopped then 'NO'
                           else 'UNKNOWN' end as trading
            from invitee i),
        summary as (
          select count(*)::int as invitees,
                 (count(*) filter (where verified))::int as "verifiedCount",
                 (count(*) filter (where paid_at is not null))::int as "paidCount",
                 (count(*) filter (where linked))::int as "linkedCount",
                 (count(*) filter (where trading = 'YES'))::int as "tradingCount",
                 (count(*) filter (where trading = 'UNKNOWN'))::int as "tradingUnknownCount"
            from staged),
        page as (
          select * from staged order by created_at desc, id desc limit ${limit} offset ${offset})
        select s.*, pg.id, pg.first_name as "firstName", pg.last_name as "lastName",
               pg.created_at::text as "registeredAt", pg.verified,
               pg.email_verified_at::text as "verifiedAt", pg.paid_at::text as "paidAt",
               pg.linked, pg.bingx_linked_at::text as "linkedAt", pg.trading,
               pg.traded_at::text as "tradedAt",
               (select coalesce(sum(r.reward_micro), 0) from rewards r
                 where r.user_id = ${viewerId} and r.source_user_id = pg.id)::text as "earnedMicro"
          from summary s left join page pg on true
         order by pg.created_at desc nulls last, pg.id desc`,
  );
}
