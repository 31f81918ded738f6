import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** SQL of the hot wallet's outflows part of reconciliation (decision 045). */

export interface PayoutAttemptMatch {
  /** Lower-cased. */
  hash: string;
  kind: 'PAYOUT' | 'CANCEL';
  withdrawalId: string;
  status: string;
  /** The request's own hash (the attempt that paid it), lower-cased; null when none. */
  paidBy: string | null;
  amountMicro: string;
  walletAddress: string;
  userId: string;
}

/** The payout attempts with these hashes, and their requests. */
export async function attemptsWithHashes(
  db: Db,
  hashes: readonly string[],
): Promise<PayoutAttemptMatch[]> {
  if (hashes.length === 0) return [];
  const lowered = hashes.map((h) => h.toLowerCase());
  return rowsOf<PayoutAttemptMatch>(
    db,
    sql`select lower(a.hash) as hash, a.kind, a.withdrawal_id as "withdrawalId", w.status,
               lower(w.transaction_hash) as "paidBy", w.amount_micro::text as "amountMicro",
               w.wallet_address as "walletAddress", w.user_id as "userId"
          from payout_attempts a join withdrawals w on w.id = a.withdrawal_id
         where lower(a.hash) in (select unnest(${sql.param(lowered)}::text[]))`,
  );
}

/** Every address that signed a payout (the configured hot wallet and the ones before it). */
export async function payoutSenders(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ address: string }>(
    db,
    sql`select distinct lower(from_address) as address from payout_attempts
         where from_address <> ''`,
  );
  return rows.map((r) => r.address);
}

/** The outflow differences of the newest saved report (kind and hash): alerted already. */
export async function lastAlertedOutflows(db: Db): Promise<Set<string>> {
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select d->>'kind' || ':' || coalesce(d->>'transactionHash', '') as key
          from (select report from reconciliation_reports order by ran_at desc limit 1) r,
               jsonb_array_elements(r.report->'differences') d
         where d->>'kind' like 'OUTFLOW_%'`,
  );
  return new Set(rows.map((r) => r.key));
}
