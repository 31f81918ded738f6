import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainCursors, chainRescans, subscriptionPayments, users } from '../../db/schema';

export type PaymentRow = typeof subscriptionPayments.$inferSelect;

export async function readCursor(db: Db, name: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ lastBlock: chainCursors.lastBlock })
    .from(chainCursors)
    .where(eq(chainCursors.name, name));
  return row?.lastBlock;
}

/** Moves the cursor forward only: two scanners finishing out of order never move it back. */
export async function advanceCursor(db: Db, name: string, lastBlock: bigint): Promise<void> {
  await db
    .insert(chainCursors)
    .values({ name, lastBlock })
    .onConflictDoUpdate({
      target: chainCursors.name,
      set: {
        lastBlock: sql`greatest(${chainCursors.lastBlock}, excluded.last_block)`,
        updatedAt: sql`now()`,
      },
    });
}

export interface WatchedAddress {
  userId: string;
  /** Lower-cased, for matching logs. */
  address: string;
  issuedChain: string | null;
  issuedBlock: bigint | null;
  caughtUp: boolean;
}

/** Every deposit address with its owner and where it was issued. */
export async function watchedAddresses(db: Db): Promise<WatchedAddress[]> {
  const rows = await db
    .select({
      userId: users.id,
      address: users.walletAddress,
      issuedChain: users.depositIssuedChain,
      issuedBlock: users.depositIssuedBlock,
      caughtUp: users.depositCaughtUp,
    })
    .from(users)
    .where(isNotNull(users.walletAddress));
  return rows.map((r) => ({ ...r, address: (r.address ?? '').toLowerCase() }));
}

/** These addresses have been scanned from their issue block: the cursor covers them now. */
export async function markCaughtUp(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ depositCaughtUp: true }).where(inArray(users.id, userIds));
}

/** When the watcher last finished a range on this chain (its cursor's last write). */
export async function cursorUpdatedAt(db: Db, name: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ updatedAt: chainCursors.updatedAt })
    .from(chainCursors)
    .where(eq(chainCursors.name, name));
  return row?.updatedAt;
}

export async function findMemberDeposit(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      walletAddress: users.walletAddress,
      issuedChain: users.depositIssuedChain,
      issuedBlock: users.depositIssuedBlock,
      paidUntil: users.paidUntil,
      subscriptionPaidAt: users.subscriptionPaidAt,
      creditMicro: users.subscriptionCreditMicro,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export interface NewPayment {
  userId: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  fromAddress: string;
  toAddress: string;
  amountMicro: bigint;
}

/** Records a chain log once; undefined when this (tx hash, log index) was already recorded. */
export async function insertPaymentOnce(db: Db, payment: NewPayment): Promise<string | undefined> {
  const [row] = await db
    .insert(subscriptionPayments)
    .values(payment)
    .onConflictDoNothing({ target: [subscriptionPayments.txHash, subscriptionPayments.logIndex] })
    .returning({ id: subscriptionPayments.id });
  return row?.id;
}

/** The member's subscription, locked for the rest of the transaction. */
export async function lockSubscription(db: Db, userId: string) {
  const [row] = await db
    .select({
      paidUntil: users.paidUntil,
      creditMicro: users.subscriptionCreditMicro,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function saveSubscription(
  db: Db,
  userId: string,
  state: { paidUntil: Date | null; creditMicro: bigint; newPeriod: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      paidUntil: state.paidUntil,
      subscriptionCreditMicro: state.creditMicro,
      ...(state.newPeriod ? { subscriptionPaidAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export async function recordOutcome(
  db: Db,
  paymentId: string,
  periodsAdded: number,
  paidUntilAfter: Date | null,
): Promise<void> {
  await db
    .update(subscriptionPayments)
    .set({ periodsAdded, paidUntilAfter })
    .where(eq(subscriptionPayments.id, paymentId));
}

export async function paymentsOf(db: Db, userId: string, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.userId, userId))
    .orderBy(desc(subscriptionPayments.blockNumber), desc(subscriptionPayments.logIndex))
    .limit(limit);
}

/**
 * Claims the expiry reminders that are due: members whose period ends within `days`, not yet
 * reminded for this period. The update marks them in the same statement, so two instances never
 * mail one member twice for one period.
 */
export async function claimExpiryReminders(db: Db, days: number) {
  return db
    .update(users)
    .set({ subscriptionReminderFor: users.paidUntil })
    .where(
      and(
        sql`${users.paidUntil} > now()`,
        sql`${users.paidUntil} <= now() + make_interval(days => ${days})`,
        sql`${users.subscriptionReminderFor} is distinct from ${users.paidUntil}`,
        eq(users.status, 'ACTIVE'),
        eq(users.isAdmin, false),
        eq(users.isRoot, false),
      ),
    )
    .returning({ email: users.email, firstName: users.firstName, paidUntil: users.paidUntil });
}

export type RescanRow = typeof chainRescans.$inferSelect;

export async function insertRescan(
  db: Db,
  rescan: { chainIdentity: string; fromBlock: bigint; toBlock: bigint; requestedBy: string },
): Promise<RescanRow> {
  const [row] = await db
    .insert(chainRescans)
    .values({ ...rescan, nextBlock: rescan.fromBlock })
    .returning();
  return row!;
}

export async function runningRescans(db: Db): Promise<RescanRow[]> {
  return db
    .select()
    .from(chainRescans)
    .where(eq(chainRescans.status, 'RUNNING'))
    .orderBy(chainRescans.createdAt);
}

export async function recentRescans(db: Db, limit: number): Promise<RescanRow[]> {
  return db.select().from(chainRescans).orderBy(desc(chainRescans.createdAt)).limit(limit);
}

/** Progress of a rescan: the next block to read, what it credited, and how it ended. */
export async function saveRescanProgress(
  db: Db,
  id: string,
  progress: {
    nextBlock: bigint;
    credited: number;
    status: RescanRow['status'];
    error: string | null;
  },
): Promise<void> {
  await db
    .update(chainRescans)
    .set({
      nextBlock: progress.nextBlock,
      credited: progress.credited,
      status: progress.status,
      error: progress.error,
      finishedAt: progress.status === 'RUNNING' ? null : sql`now()`,
    })
    .where(eq(chainRescans.id, id));
}
