import type { WithdrawalStatus } from '@ctn/contracts/constants';
import type { PayoutAbandon, PayoutState } from '@ctn/contracts/withdrawals';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { users, withdrawals } from '../../db/schema';

/** SQL of hot-wallet payouts (the intent, its outcome, recovery's work list). */

export interface PayoutRow {
  id: string;
  userId: string;
  amountMicro: string;
  walletAddress: string;
  status: WithdrawalStatus;
  payoutState: PayoutState;
  payoutNonce: string | null;
  transactionHash: string | null;
  payoutRawTx: string | null;
  payoutStartedBy: string | null;
  payoutAbandon: PayoutAbandon | null;
}

/** A PayoutRow's columns; the bigints as their exact text. */
const COLUMNS = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  amountMicro: sql<string>`${withdrawals.amountMicro}::text`,
  walletAddress: withdrawals.walletAddress,
  status: withdrawals.status,
  payoutState: withdrawals.payoutState,
  payoutNonce: sql<string | null>`${withdrawals.payoutNonce}::text`,
  transactionHash: withdrawals.transactionHash,
  payoutRawTx: withdrawals.payoutRawTx,
  payoutStartedBy: withdrawals.payoutStartedBy,
  payoutAbandon: withdrawals.payoutAbandon,
};

export async function findPayout(db: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select(COLUMNS).from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/** The request, locked until the transaction ends: one payout decision at a time per request. */
export async function lockPayout(tx: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select(COLUMNS)
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .for('update');
  return row;
}

/** Serialises nonce allocation across concurrent payouts and server instances until `tx` ends. */
export async function lockNonces(tx: Db): Promise<void> {
  await lockUntilCommit(tx, ADVISORY_LOCKS.payoutNonces);
}

/**
 * Nonces of `sender` at or above `from` held by stored payouts (signed, maybe not yet
 * broadcast). Payouts stored before the sender was recorded count as any sender's: they can
 * only hold a nonce back, never let one be used twice.
 */
export async function heldNonces(tx: Db, sender: string, from: bigint): Promise<bigint[]> {
  const rows = await tx
    .select({ nonce: sql<string>`${withdrawals.payoutNonce}::text` })
    .from(withdrawals)
    .where(
      and(
        gte(withdrawals.payoutNonce, from),
        or(
          isNull(withdrawals.payoutFrom),
          eq(sql`lower(${withdrawals.payoutFrom})`, sender.toLowerCase()),
        ),
      ),
    )
    .orderBy(withdrawals.payoutNonce);
  return rows.map((r) => BigInt(r.nonce));
}

/**
 * The request's current attempt (the first, or a replacement at the same nonce): its bytes,
 * nonce and hash on the request, stored with the attempt before anything is broadcast.
 */
export async function recordIntent(
  tx: Db,
  id: string,
  intent: { from: string; nonce: bigint; rawTx: string; hash: string; startedBy: string },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      payoutState: 'SENDING',
      payoutFrom: intent.from,
      payoutNonce: intent.nonce,
      payoutRawTx: intent.rawTx,
      transactionHash: intent.hash,
      payoutStartedBy: intent.startedBy,
      payoutError: null,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')));
}

/** Paid by the attempt `hash` (the one mined, whichever it is): the request shows that hash. */
export async function markSent(tx: Db, id: string, hash: string): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ payoutState: 'SENT', payoutError: null, transactionHash: hash, payoutAbandon: null })
    .where(eq(withdrawals.id, id));
}

/** States in which the request's nonce is reserved and its attempts may still be mined. */
const IN_FLIGHT: PayoutState[] = ['SENDING', 'CANCELLING'];

/**
 * Nothing of the payout can be mined any more and nothing was paid: its nonce was used by a
 * transaction that paid nothing (final), or its bytes never left the process. `releaseNonce`
 * only in that last case: the next payout may take the nonce (no gap to stall later ones).
 */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  releaseNonce: boolean,
): Promise<void> {
  await db
    .update(withdrawals)
    .set({
      payoutState: 'FAILED',
      payoutError: error,
      payoutAbandon: null,
      ...(releaseNonce ? { payoutNonce: null } : {}),
    })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.payoutState, IN_FLIGHT)));
}

/** A replacement signed at the request's nonce (a higher fee): it is now the one re-sent. */
export async function recordReplacement(
  tx: Db,
  id: string,
  attempt: { rawTx: string; hash: string },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ payoutRawTx: attempt.rawTx, transactionHash: attempt.hash, payoutError: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.payoutState, 'SENDING')));
}

/** A cancellation signed at the request's nonce: the decision waits for it to be final. */
export async function startCancelling(
  tx: Db,
  id: string,
  abandon: PayoutAbandon,
  attempt: { rawTx: string },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      payoutState: 'CANCELLING',
      payoutAbandon: abandon,
      payoutRawTx: attempt.rawTx,
      payoutError:
        'Being cancelled on chain: a zero-value transfer to the hot wallet takes its nonce.',
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.payoutState, 'SENDING')));
}

/** A note on a payout still being confirmed (why it is not settled yet). */
export async function noteProblem(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(withdrawals)
    .set({ payoutError: error })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.payoutState, IN_FLIGHT)));
}

/** Recovery's work list, oldest nonce first (a later transaction waits for earlier ones). */
export async function sendingPayouts(db: Db): Promise<PayoutRow[]> {
  return db
    .select(COLUMNS)
    .from(withdrawals)
    .where(inArray(withdrawals.payoutState, IN_FLIGHT))
    .orderBy(sql`${withdrawals.payoutNonce} nulls last`, withdrawals.id);
}

export async function adminOf(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
