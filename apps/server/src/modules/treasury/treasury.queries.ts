import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { treasuryBalances, treasuryScans, treasurySnapshots } from '../../db/schema';

export type Place = 'DEPOSIT' | 'HOT_WALLET' | 'TREASURY';

/**
 * A PostgreSQL array literal of values that need no quoting (hex addresses, digits, the place
 * names), sent as one parameter: drizzle would spread a JS array into a row.
 */
const arrayOf = (values: readonly (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;

/** Every member's deposit address, lower-cased, in the order they were issued. */
export async function depositAddresses(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ address: string }>(
    db,
    sql`select lower(wallet_address) as address from users
         where wallet_address is not null order by deposit_index, id`,
  );
  return rows.map((r) => r.address);
}

/** Stores the balances just read: the last good value of each address, fresh. */
export async function storeBalances(
  db: Db,
  place: Place,
  balances: readonly { address: string; micro: bigint; nativeWei?: bigint }[],
  readAt: Date,
): Promise<void> {
  if (balances.length === 0) return;
  const addresses = balances.map((b) => b.address);
  const micros = balances.map((b) => b.micro.toString());
  const natives = balances.map((b) => (b.nativeWei === undefined ? null : b.nativeWei.toString()));
  await db.execute(sql`
    insert into treasury_balances as t (address, place, usdt_micro, native_wei, read_at, failed_at)
    select a, ${place}, m::bigint, n::numeric, ${readAt.toISOString()}::timestamptz, null
      from unnest(${arrayOf(addresses)}::text[], ${arrayOf(micros)}::text[],
                  ${arrayOf(natives)}::text[]) as u(a, m, n)
    on conflict (address) do update set
      place = excluded.place, usdt_micro = excluded.usdt_micro,
      native_wei = coalesce(excluded.native_wei, t.native_wei),
      read_at = excluded.read_at, failed_at = null`);
}

/** A read of these places failed at `at`: their values read before it are stale. */
export async function markFailed(db: Db, places: readonly Place[], before: Date): Promise<void> {
  await db.execute(sql`
    update treasury_balances set failed_at = now()
     where place = any(${arrayOf(places)}::text[]) and read_at < ${before.toISOString()}::timestamptz`);
}

export interface DepositTotals {
  addresses: number;
  read: number;
  micro: bigint;
  oldestReadAt: Date | null;
  failed: number;
}

/** The deposit addresses' last good values, summed; how many were read and how many failed. */
export async function depositTotals(db: Db): Promise<DepositTotals> {
  const [row] = await rowsOf<{
    addresses: number;
    read: number;
    micro: string;
    oldest: string | null;
    failed: number;
  }>(
    db,
    sql`select count(*)::int as addresses, count(b.address)::int as read,
               coalesce(sum(b.usdt_micro), 0)::text as micro,
               min(b.read_at)::text as oldest,
               count(*) filter (where b.failed_at is not null)::int as failed
          from users u
          left join treasury_balances b on b.address = lower(u.wallet_address)
         where u.wallet_address is not null`,
  );
  return {
    addresses: row!.addresses,
    read: row!.read,
    micro: BigInt(row!.micro),
    oldestReadAt: row!.oldest ? new Date(row!.oldest) : null,
    failed: row!.failed,
  };
}

export interface StoredBalance {
  address: string;
  usdtMicro: bigint;
  nativeWei: string | null;
  readAt: Date;
  failedAt: Date | null;
}

/** The stored balances of a few addresses (the hot wallet, the treasury addresses). */
export async function balancesOf(db: Db, addresses: readonly string[]): Promise<StoredBalance[]> {
  if (addresses.length === 0) return [];
  return db
    .select({
      address: treasuryBalances.address,
      usdtMicro: treasuryBalances.usdtMicro,
      nativeWei: treasuryBalances.nativeWei,
      readAt: treasuryBalances.readAt,
      failedAt: treasuryBalances.failedAt,
    })
    .from(treasuryBalances)
    .where(sql`${treasuryBalances.address} = any(${arrayOf(addresses)}::text[])`);
}

export interface Liabilities {
  available: bigint;
  locked: bigint;
  /** The whole pending bucket: every withdrawal held, approved-and-signed ones included. */
  pendingBucket: bigint;
  approvedUnsent: bigint;
}

/**
 * What the platform owes members: the balances' buckets, and of the pending bucket, the
 * withdrawals an administrator approved that are signed and not yet settled (SENDING).
 */
export async function liabilities(db: Db): Promise<Liabilities> {
  const [row] = await rowsOf<{ a: string; l: string; p: string; s: string }>(
    db,
    sql`select coalesce(sum(available_micro), 0)::text as a,
               coalesce(sum(locked_micro), 0)::text as l,
               coalesce(sum(pending_micro), 0)::text as p,
               (select coalesce(sum(amount_micro), 0) from withdrawals
                 where status = 'PENDING' and payout_state = 'SENDING')::text as s
          from balances`,
  );
  return {
    available: BigInt(row!.a),
    locked: BigInt(row!.l),
    pendingBucket: BigInt(row!.p),
    approvedUnsent: BigInt(row!.s),
  };
}

export async function startScan(
  db: Db,
  addresses: number,
): Promise<{ id: string; startedAt: Date }> {
  const [row] = await db
    .insert(treasuryScans)
    .values({ addresses })
    .returning({ id: treasuryScans.id, startedAt: treasuryScans.startedAt });
  return row!;
}

export async function finishScan(
  db: Db,
  id: string,
  outcome: {
    method: 'multicall' | 'batch' | null;
    read: number;
    requests: number;
    error: string | null;
  },
): Promise<void> {
  await db
    .update(treasuryScans)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(eq(treasuryScans.id, id));
}

export async function latestScan(db: Db) {
  const [row] = await db
    .select()
    .from(treasuryScans)
    .orderBy(desc(treasuryScans.startedAt))
    .limit(1);
  return row;
}

export interface SnapshotRow {
  day: string;
  holdingsMicro: bigint | null;
  liabilitiesMicro: bigint;
  coverage: string | null;
  stale: boolean;
}

/** Today's snapshot (UTC), unless one was taken today; true when this call took it. */
export async function insertSnapshot(
  db: Db,
  snapshot: Omit<SnapshotRow, 'day'> & { detail: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(treasurySnapshots)
    .values({ ...snapshot, day: sql`(now() at time zone 'utc')::date` })
    .onConflictDoNothing()
    .returning({ day: treasurySnapshots.day });
  return rows.length > 0;
}

/** The last `days` snapshots, oldest first. */
export async function snapshots(db: Db, days: number): Promise<SnapshotRow[]> {
  const rows = await db
    .select({
      day: treasurySnapshots.day,
      holdingsMicro: treasurySnapshots.holdingsMicro,
      liabilitiesMicro: treasurySnapshots.liabilitiesMicro,
      coverage: treasurySnapshots.coverage,
      stale: treasurySnapshots.stale,
    })
    .from(treasurySnapshots)
    .orderBy(desc(treasurySnapshots.day))
    .limit(days);
  return rows.reverse();
}
