import type { WithdrawalStatus } from '@ctn/contracts/constants';
import type { AdminWithdrawalsQuery, PayoutState } from '@ctn/contracts/withdrawals';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { preparedFiltered } from '../../db/prepared';
import { ledgerEntries, users, withdrawals } from '../../db/schema';
import { containsPattern } from '../../lib/pagination';

export interface WithdrawalRow {
  id: string;
  userId: string;
  amountMicro: string;
  walletAddress: string;
  status: WithdrawalStatus;
  reason: string | null;
  transactionHash: string | null;
  requestedAt: Date;
  processedAt: Date | null;
  payoutState: PayoutState;
  firstName: string;
  lastName: string;
  email: string;
  userNumber: string;
}

const COLUMNS = sql`w.id, w.user_id as "userId", w.amount_micro::text as "amountMicro",
  w.wallet_address as "walletAddress", w.status, w.reason, w.transaction_hash as "transactionHash",
  w.requested_at as "requestedAt", w.processed_at as "processedAt",
  w.payout_state as "payoutState", u.first_name as "firstName", u.last_name as "lastName",
  u.email, u.user_id as "userNumber"`;

function filterOf(filter: { userId?: string; status?: WithdrawalStatus; search?: string }): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.userId) parts.push(sql`w.user_id = ${filter.userId}`);
  if (filter.status) parts.push(sql`w.status = ${filter.status}`);
  if (filter.search) {
    const p = containsPattern(filter.search);
    parts.push(sql`(u.email ilike ${p} or u.user_id ilike ${p} or w.wallet_address ilike ${p}
                    or (u.first_name || ' ' || u.last_name) ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

const ORDER: Record<AdminWithdrawalsQuery['sort'], SQL> = {
  '-createdAt': sql`w.requested_at desc, w.id desc`,
  createdAt: sql`w.requested_at asc, w.id asc`,
  '-amount': sql`w.amount_micro desc, w.requested_at desc, w.id desc`,
  amount: sql`w.amount_micro asc, w.requested_at desc, w.id desc`,
};

export async function listWithdrawals(
  db: Db,
  filter: { userId?: string; status?: WithdrawalStatus; search?: string },
  sort: AdminWithdrawalsQuery['sort'],
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = filterOf(filter);
  const [rows, [count]] = await Promise.all([
    rowsOf<WithdrawalRow>(
      db,
      sql`select ${COLUMNS} from withdrawals w join users u on u.id = w.user_id
           where ${where} order by ${ORDER[sort]} limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from withdrawals w join users u on u.id = w.user_id
           where ${where}`,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** What a member's own list shows of a request (withdrawal-view.ts memberView). */
export type MemberWithdrawalRow = Pick<
  WithdrawalRow,
  | 'id'
  | 'amountMicro'
  | 'walletAddress'
  | 'status'
  | 'reason'
  | 'transactionHash'
  | 'requestedAt'
  | 'processedAt'
  | 'payoutState'
>;

/**
 * A member's own requests, newest first, with how many there are in the same prepared statement
 * (every member read of /withdrawals; bench:load). The total rides on each row: a page past the
 * end has none, and the caller counts apart then.
 */
export function memberWithdrawalsPage(db: Db) {
  const read = preparedFiltered<MemberWithdrawalRow & { total: number }>(
    db,
    'member_withdrawals_page',
    (where, next) =>
      `select w.id, w.amount_micro::text as "amountMicro", w.wallet_address as "walletAddress",
              w.status, w.reason, w.transaction_hash as "transactionHash",
              w.requested_at as "requestedAt", w.processed_at as "processedAt",
              w.payout_state as "payoutState", (count(*) over ())::int as total
         from withdrawals w
        where ${where}
        order by w.requested_at desc, w.id desc
        limit $${next} offset $${next + 1}`,
  );
  return async (
    userId: string,
    status: WithdrawalStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: MemberWithdrawalRow[]; total: number }> => {
    const rows = await read(
      [{ sql: 'w.user_id = $1', value: userId }],
      [{ key: 's', sql: (p) => `w.status = ${p}`, value: status }],
      [limit, offset],
    );
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    if (offset === 0) return { rows, total: 0 };
    const { total } = await listWithdrawals(
      db,
      { userId, ...(status ? { status } : {}) },
      '-createdAt',
      0,
      0,
    );
    return { rows, total };
  };
}

export interface WithdrawalCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  blocked: number;
  cancelled: number;
  approvedMicro: string;
  pendingMicro: string;
  requestedMicro: string;
}

export async function withdrawalCounts(
  db: Db,
  filter: { userId?: string; search?: string },
): Promise<WithdrawalCounts> {
  const [row] = await rowsOf<WithdrawalCounts>(
    db,
    sql`select count(*)::int as total,
               (count(*) filter (where w.status = 'PENDING'))::int as pending,
               (count(*) filter (where w.status = 'APPROVED'))::int as approved,
               (count(*) filter (where w.status = 'REJECTED'))::int as rejected,
               (count(*) filter (where w.status = 'BLOCKED_COMPLIANCE'))::int as blocked,
               (count(*) filter (where w.status = 'CANCELLED'))::int as cancelled,
               coalesce(sum(w.amount_micro) filter (where w.status = 'APPROVED'), 0)::text as "approvedMicro",
               coalesce(sum(w.amount_micro) filter (where w.status = 'PENDING'), 0)::text as "pendingMicro",
               coalesce(sum(w.amount_micro), 0)::text as "requestedMicro"
          from withdrawals w join users u on u.id = w.user_id where ${filterOf(filter)}`,
  );
  if (!row) throw new Error('withdrawal counts returned nothing');
  return row;
}

export async function findWithdrawal(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await rowsOf<WithdrawalRow>(
    db,
    sql`select ${COLUMNS} from withdrawals w join users u on u.id = w.user_id where w.id = ${id}`,
  );
  return row;
}

/** The request, locked until the transaction ends: reviews of one request happen one at a time. */
export async function lockWithdrawal(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: withdrawals.id,
      userId: withdrawals.userId,
      amountMicro: sql<string>`${withdrawals.amountMicro}::text`,
      status: withdrawals.status,
      walletAddress: withdrawals.walletAddress,
      transactionHash: withdrawals.transactionHash,
      reason: withdrawals.reason,
      payoutState: withdrawals.payoutState,
    })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .for('update');
  return row;
}

export async function insertWithdrawal(
  tx: Db,
  w: { id: string; userId: string; amountMicro: bigint; walletAddress: string },
): Promise<void> {
  await tx.insert(withdrawals).values({
    id: w.id,
    userId: w.userId,
    amountMicro: w.amountMicro,
    walletAddress: w.walletAddress,
  });
}

export async function settle(
  tx: Db,
  id: string,
  change: {
    status: WithdrawalStatus;
    reason: string | null;
    transactionHash: string | null;
    processedBy: string | null;
  },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      status: change.status,
      reason: change.reason,
      transactionHash: change.transactionHash,
      processedBy: change.processedBy,
      processedAt: sql`now()`,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')));
}

/** The payment hash of an APPROVED request that was approved without one; false otherwise. */
export async function addPaymentHash(tx: Db, id: string, hash: string): Promise<boolean> {
  const rows = await tx
    .update(withdrawals)
    .set({ transactionHash: hash })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'APPROVED'),
        isNull(withdrawals.transactionHash),
      ),
    )
    .returning({ id: withdrawals.id });
  return rows.length > 0;
}

/**
 * A freeze of the member's withdrawals in force (decision 040): the owner's "Not me" (until is
 * null: until an administrator lifts it) or a day after an administrator reset the second
 * factor. Locks the member's row for share in a transaction, so an approval waits for a freeze
 * being written and then sees it.
 */
export interface WithdrawalFreeze {
  reason: 'OWNER_FREEZE' | 'TWO_FACTOR_RESET';
  /** ISO time it ends; null for the owner's freeze, which only an administrator ends. */
  until: string | null;
}

export async function withdrawalFreezeOf(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<WithdrawalFreeze | undefined> {
  const [row] = await rowsOf<{ reason: string | null; until: string | null }>(
    db,
    sql`select withdrawals_frozen_reason as reason,
               case when withdrawals_frozen_until = 'infinity' then null
                    else to_char(withdrawals_frozen_until at time zone 'UTC',
                                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as until
          from users
         where id = ${userId} and withdrawals_frozen_until > now()
        ${options.lock ? sql`for share` : sql``}`,
  );
  if (!row) return undefined;
  return {
    reason: row.reason === 'TWO_FACTOR_RESET' ? 'TWO_FACTOR_RESET' : 'OWNER_FREEZE',
    until: row.until,
  };
}

/** Whether the member may withdraw now: ACTIVE and not compliance-locked. */
export interface MemberStanding {
  status: string;
  locked: boolean;
  paid: boolean;
  linked: boolean;
}

/**
 * Whether `address` received no earlier request of this member, `exceptId` (the new request)
 * aside: the first withdrawal to an address the member never used is mailed (decision 040).
 */
export async function addressNewToMember(
  db: Db,
  userId: string,
  address: string,
  exceptId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        sql`lower(${withdrawals.walletAddress}) = lower(${address})`,
        sql`${withdrawals.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length === 0;
}

/** What a withdrawal request needs of its member right now (paid, linked, not locked). */
export async function memberStanding(db: Db, userId: string): Promise<MemberStanding | undefined> {
  const [row] = await db
    .select({
      status: users.status,
      locked: sql<boolean>`${users.earningsLockedSince} is not null`,
      paid: sql<boolean>`coalesce(${users.paidUntil} > now(), false)`,
      linked: sql<boolean>`${users.bingxUid} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function memberOfNumber(db: Db, publicNumber: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userId, publicNumber));
  return row?.id;
}

export interface ReviewMember {
  status: string;
  lockedSince: Date | null;
  lockReasons: string[];
  availableMicro: string;
  lockedMicro: string;
  pendingMicro: string;
  earnedMicro: string;
  withdrawnMicro: string;
}

export async function reviewMember(db: Db, userId: string): Promise<ReviewMember | undefined> {
  const [row] = await rowsOf<ReviewMember>(
    db,
    sql`select u.status, u.earnings_locked_since as "lockedSince",
               u.earnings_lock_reasons as "lockReasons",
               coalesce(b.available_micro, 0)::text as "availableMicro",
               coalesce(b.locked_micro, 0)::text as "lockedMicro",
               coalesce(b.pending_micro, 0)::text as "pendingMicro",
               coalesce(b.total_earned_micro, 0)::text as "earnedMicro",
               coalesce(b.total_withdrawn_micro, 0)::text as "withdrawnMicro"
          from users u left join balances b on b.user_id = u.id where u.id = ${userId}`,
  );
  return row;
}

export async function recentEntries(db: Db, userId: string, limit: number) {
  return db
    .select({
      kind: ledgerEntries.kind,
      available: sql<string>`${ledgerEntries.availableDelta}::text`,
      locked: sql<string>`${ledgerEntries.lockedDelta}::text`,
      pending: sql<string>`${ledgerEntries.pendingDelta}::text`,
      withdrawn: sql<string>`${ledgerEntries.withdrawnDelta}::text`,
      memo: ledgerEntries.memo,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

export interface PendingSummary {
  count: number;
  amountMicro: string;
  /** Age of the oldest pending request in seconds; null when none is pending. */
  oldestSeconds: number | null;
}

/** What waits for review (the metrics scrape); the partial unique indexes cover PENDING rows. */
export async function pendingSummary(db: Db): Promise<PendingSummary> {
  const [row] = await rowsOf<PendingSummary>(
    db,
    sql`select count(*)::int as count, coalesce(sum(amount_micro), 0)::text as "amountMicro",
               extract(epoch from now() - min(requested_at))::float8 as "oldestSeconds"
          from withdrawals where status = 'PENDING'`,
  );
  return row ?? { count: 0, amountMicro: '0', oldestSeconds: null };
}

/** Pending count and amount, and the newest requests (the admin dashboard). */
export async function dashboardFigures(db: Db, recent: number) {
  const [counts] = await rowsOf<{ pending: number; amount: string }>(
    db,
    sql`select (count(*) filter (where status = 'PENDING'))::int as pending,
               coalesce(sum(amount_micro) filter (where status in ('PENDING', 'APPROVED')), 0)::text
                 as amount
          from withdrawals`,
  );
  const rows = await rowsOf<WithdrawalRow>(
    db,
    sql`select ${COLUMNS} from withdrawals w join users u on u.id = w.user_id
         order by w.requested_at desc, w.id desc limit ${recent}`,
  );
  return { pending: counts?.pending ?? 0, amountMicro: counts?.amount ?? '0', rows };
}
