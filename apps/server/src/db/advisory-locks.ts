import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/**
 * Every PostgreSQL advisory lock the app takes, in one place so that no two uses share a key by
 * accident. On PGlite (one connection) each is trivially held.
 */
export const ADVISORY_LOCKS = {
  /** Instances starting at once apply the migrations in turn (session lock). */
  migrations: 7_243_001,
  /** Instances starting at once seed the first administrator and demo data in turn (session lock). */
  bootstrap: 7_243_002,
  /** Payout nonces are allocated one transaction at a time. */
  payoutNonces: 7_243_101,
  /** Reward cycles enter or change inside the never-overlap constraints one transaction at a time. */
  cyclePeriods: 7_243_201,
  /** At most one proof of liabilities is built at a time (tried, never waited for). */
  proofBuild: 7_243_301,
} as const;

/** Takes `key` until the transaction `tx` ends. */
export async function lockUntilCommit(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Takes `key` until the transaction `tx` ends if no one holds it; false when someone does. */
export async function tryLockUntilCommit(tx: Db, key: number): Promise<boolean> {
  const [row] = await rowsOf<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return row?.locked === true;
}
