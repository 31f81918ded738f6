import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutAttempts, withdrawals } from '../../db/schema';

/** SQL of the transactions signed for hot-wallet payouts (decision 045). */

export type AttemptKind = 'PAYOUT' | 'CANCEL';

export interface Attempt {
  id: string;
  withdrawalId: string;
  kind: AttemptKind;
  fromAddress: string;
  nonce: bigint;
  hash: string;
  rawTx: string;
  createdAt: Date;
  /** First handed to a node; null: these bytes never left the process. */
  broadcastAt: Date | null;
}

const COLUMNS = {
  id: payoutAttempts.id,
  withdrawalId: payoutAttempts.withdrawalId,
  kind: payoutAttempts.kind,
  fromAddress: payoutAttempts.fromAddress,
  nonce: payoutAttempts.nonce,
  hash: payoutAttempts.hash,
  rawTx: payoutAttempts.rawTx,
  createdAt: payoutAttempts.createdAt,
  broadcastAt: payoutAttempts.broadcastAt,
};

/** Stored in the signing transaction, before the bytes can leave the process. */
export async function insertAttempt(
  tx: Db,
  attempt: {
    withdrawalId: string;
    kind: AttemptKind;
    fromAddress: string;
    nonce: bigint;
    hash: string;
    rawTx: string;
    signedBy: string | null;
  },
): Promise<void> {
  await tx.insert(payoutAttempts).values(attempt);
}

/** Every attempt of a request, oldest first. */
export async function attemptsOf(db: Db, withdrawalId: string): Promise<Attempt[]> {
  return db
    .select(COLUMNS)
    .from(payoutAttempts)
    .where(eq(payoutAttempts.withdrawalId, withdrawalId))
    .orderBy(asc(payoutAttempts.createdAt), asc(payoutAttempts.id));
}

/** Written just before the bytes go to a node: from then on their nonce is never released. */
export async function markHandedToNode(db: Db, hash: string): Promise<void> {
  await db
    .update(payoutAttempts)
    .set({ broadcastAt: sql`now()` })
    .where(and(eq(payoutAttempts.hash, hash), isNull(payoutAttempts.broadcastAt)));
}

/** The attempts with these hashes, with their request's status (reconciliation of outflows). */
export async function attemptsByHash(
  db: Db,
  hashes: readonly string[],
): Promise<
  {
    hash: string;
    kind: AttemptKind;
    withdrawalId: string;
    status: string;
    amountMicro: bigint;
    walletAddress: string;
  }[]
> {
  if (hashes.length === 0) return [];
  return db
    .select({
      hash: sql<string>`lower(${payoutAttempts.hash})`,
      kind: payoutAttempts.kind,
      withdrawalId: payoutAttempts.withdrawalId,
      status: withdrawals.status,
      amountMicro: withdrawals.amountMicro,
      walletAddress: withdrawals.walletAddress,
    })
    .from(payoutAttempts)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutAttempts.withdrawalId))
    .where(
      inArray(
        sql`lower(${payoutAttempts.hash})`,
        hashes.map((h) => h.toLowerCase()),
      ),
    );
}
