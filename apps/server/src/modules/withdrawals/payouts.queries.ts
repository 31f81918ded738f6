import type { WithdrawalStatus } from '@ctn/contracts/constants';
import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, lockUntilCommit } from '../../db/advisory-locks';
import { rowsOf, type Db } from '../../db/client';

/** SQL of hot-wallet payouts (the intent, its outcome, recovery's work list). */

export type PayoutState = 'NONE' | 'SENDING' | 'SENT' | 'FAILED';

export interface PayoutRow {
  id: string;
  amountMicro: string;
  walletAddress: string;
  status: WithdrawalStatus;
  payoutState: PayoutState;
  payoutNonce: string | null;
  transactionHash: string | null;
  payoutRawTx: string | null;
  payoutStartedBy: string | null;
}

const COLUMNS = sql`id, amount_micro::text as "amountMicro", wallet_address as "walletAddress",
  status, payout_state as "payoutState", payout_nonce::text as "payoutNonce",
  transaction_hash as "transactionHash", payout_raw_tx as "payoutRawTx",
  payout_started_by as "payoutStartedBy"`;

export async function findPayout(db: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await rowsOf<PayoutRow>(
    db,
    sql`select ${COLUMNS} from withdrawals where id = ${id}`,
  );
  return row;
}

/** The request, locked until the transaction ends: one payout decision at a time per request. */
export async function lockPayout(tx: Db, id: string): Promise<PayoutRow | undefined> {
  const [row] = await rowsOf<PayoutRow>(
    tx,
    sql`select ${COLUMNS} from withdrawals where id = ${id} for update`,
  );
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
  const rows = await rowsOf<{ nonce: string }>(
    tx,
    sql`select payout_nonce::text as nonce from withdrawals
         where payout_nonce >= ${String(from)}::bigint
           and (payout_from is null or lower(payout_from) = ${sender.toLowerCase()})
         order by payout_nonce`,
  );
  return rows.map((r) => BigInt(r.nonce));
}

/** The intent: the signed bytes, their nonce and hash, stored before anything is broadcast. */
export async function recordIntent(
  tx: Db,
  id: string,
  intent: { from: string; nonce: bigint; rawTx: string; hash: string; startedBy: string },
): Promise<void> {
  await tx.execute(sql`
    update withdrawals set payout_state = 'SENDING', payout_from = ${intent.from},
           payout_nonce = ${String(intent.nonce)}::bigint,
           payout_raw_tx = ${intent.rawTx}, transaction_hash = ${intent.hash},
           payout_started_by = ${intent.startedBy}, payout_error = null
     where id = ${id} and status = 'PENDING'`);
}

export async function markSent(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`
    update withdrawals set payout_state = 'SENT', payout_error = null where id = ${id}`);
}

/**
 * The payout failed and nothing was paid; the request stays as it is. `releaseNonce`: the nonce
 * was never used on chain, so the next payout may take it (no gap that would stall later ones).
 */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  releaseNonce: boolean,
): Promise<void> {
  await db.execute(sql`
    update withdrawals set payout_state = 'FAILED', payout_error = ${error},
           payout_nonce = case when ${releaseNonce}::boolean then null else payout_nonce end
     where id = ${id} and payout_state = 'SENDING'`);
}

/** A note on a payout still being confirmed (why it is not settled yet). */
export async function noteProblem(db: Db, id: string, error: string): Promise<void> {
  await db.execute(sql`
    update withdrawals set payout_error = ${error} where id = ${id} and payout_state = 'SENDING'`);
}

/** Recovery's work list, oldest nonce first (a later transaction waits for earlier ones). */
export async function sendingPayouts(db: Db): Promise<PayoutRow[]> {
  return rowsOf<PayoutRow>(
    db,
    sql`select ${COLUMNS} from withdrawals where payout_state = 'SENDING'
         order by payout_nonce nulls last, id`,
  );
}

export async function adminOf(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string } | undefined> {
  const [row] = await rowsOf<{ id: string; email: string }>(
    db,
    sql`select id, email from users where id = ${userId}`,
  );
  return row;
}
