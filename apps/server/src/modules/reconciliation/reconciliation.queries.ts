import { between, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { reconciliationReports, subscriptionPayments, users } from '../../db/schema';

export interface CreditedPayment {
  txHash: string;
  logIndex: number;
  userId: string;
  amountMicro: string;
}

/** Subscription payments credited in a block range: what the chain must show. */
export async function paymentsInBlocks(
  db: Db,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<CreditedPayment[]> {
  return db
    .select({
      txHash: subscriptionPayments.txHash,
      logIndex: subscriptionPayments.logIndex,
      userId: subscriptionPayments.userId,
      amountMicro: sql<string>`${subscriptionPayments.amountMicro}::text`,
    })
    .from(subscriptionPayments)
    .where(between(subscriptionPayments.blockNumber, fromBlock, toBlock));
}

export interface DepositOwner {
  /** Lower-cased. */
  address: string;
  userId: string;
  userNumber: string;
}

/** Every deposit address with its member's public number. */
export async function depositOwners(db: Db): Promise<DepositOwner[]> {
  return db
    .select({
      address: sql<string>`lower(${users.walletAddress})`,
      userId: users.id,
      userNumber: users.userId,
    })
    .from(users)
    .where(isNotNull(users.walletAddress));
}

/**
 * What the platform owes, two ways from the ledger: the balances owed (available + locked +
 * held + pending) and earned - withdrawn - forfeited; they must be equal. Members where they are not.
 */
export async function liabilities(db: Db): Promise<{
  owed: string;
  earnedNet: string;
  pendingWithdrawals: string;
  members: { userId: string; owed: string; earnedNet: string }[];
}> {
  const [totals] = await rowsOf<{ owed: string; earnedNet: string; pending: string }>(
    db,
    sql`select coalesce(sum(available_delta + locked_delta + held_delta + pending_delta), 0)::text as owed,
               coalesce(sum(earned_delta - withdrawn_delta - forfeited_delta), 0)::text as "earnedNet",
               coalesce(sum(pending_delta), 0)::text as pending
          from ledger_entries`,
  );
  const members = await rowsOf<{ userId: string; owed: string; earnedNet: string }>(
    db,
    sql`select user_id as "userId",
               sum(available_delta + locked_delta + held_delta + pending_delta)::text as owed,
               sum(earned_delta - withdrawn_delta - forfeited_delta)::text as "earnedNet"
          from ledger_entries
         group by user_id
        having sum(available_delta + locked_delta + held_delta + pending_delta)
            <> sum(earned_delta - withdrawn_delta - forfeited_delta)
         limit 100`,
  );
  return {
    owed: totals!.owed,
    earnedNet: totals!.earnedNet,
    pendingWithdrawals: totals!.pending,
    members,
  };
}

/** Micro-USDT of the payouts being sent from the hot wallet now (signed, not settled). */
export async function payoutsInFlight(db: Db): Promise<bigint> {
  const [row] = await rowsOf<{ micro: string }>(
    db,
    sql`select coalesce(sum(amount_micro), 0)::text as micro
          from withdrawals where status = 'PENDING' and payout_state = 'SENDING'`,
  );
  return BigInt(row!.micro);
}

export async function saveReport(
  db: Db,
  report: { clean: boolean; differences: number; report: unknown },
): Promise<{ id: string; ranAt: Date }> {
  const [row] = await db
    .insert(reconciliationReports)
    .values(report)
    .returning({ id: reconciliationReports.id, ranAt: reconciliationReports.ranAt });
  return row!;
}

export async function latestReports(db: Db, limit: number) {
  return db
    .select()
    .from(reconciliationReports)
    .orderBy(desc(reconciliationReports.ranAt))
    .limit(limit);
}

/** Members' public numbers (CT…) by record id: what the report shows. */
export async function publicNumbers(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userNumber: users.userId })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.userNumber]));
}
