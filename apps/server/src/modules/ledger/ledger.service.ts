import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { isCheckViolation } from '../../lib/db-errors';
import * as q from './ledger.queries';
import { postingCtes } from './ledger.sql';

export type { BalanceRow } from './ledger.queries';

export const LEDGER_KINDS = [
  'REWARD_DIRECT',
  'REWARD_DOWNLINE',
  'LOCK_RELEASE',
  'LOCK_FORFEIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_RETURNED',
  // Credits held while a UID link is under review: released or forfeited (decision 044).
  'HOLD_RELEASE',
  'HOLD_FORFEIT',
  // A netting correction cycle's differences over days an earlier cycle paid (decision 044).
  'REWARD_CORRECTION',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type Bucket =
  'available' | 'locked' | 'pending' | 'earned' | 'withdrawn' | 'forfeited' | 'held';

export interface Posting {
  userId: string;
  kind: LedgerKind;
  /** What moved the money (a payment, a cycle, a withdrawal…): posted once per member. */
  sourceKey: string;
  delta: Partial<Record<Bucket, bigint>>;
  memo?: string;
}

/** A posting would take a bucket below zero; nothing was written. */
export class LedgerOverdraftError extends Error {
  override name = 'LedgerOverdraftError';
}

/**
 * Posts one entry and applies it to the member's balance in a single statement. Returns false
 * when this (member, kind, source) was posted before: nothing moves twice.
 */
export async function postEntry(tx: Db, posting: Posting): Promise<boolean> {
  const d = (bucket: Bucket) => String(posting.delta[bucket] ?? 0n);
  const entry = sql`select ${posting.userId}::uuid, ${posting.kind}, ${posting.sourceKey},
    ${d('available')}::bigint, ${d('locked')}::bigint, ${d('pending')}::bigint,
    ${d('earned')}::bigint, ${d('withdrawn')}::bigint, ${d('forfeited')}::bigint,
    ${d('held')}::bigint, ${posting.memo ?? null}::text, now()`;
  try {
    const [row] = await rowsOf<{ posted: number }>(
      tx,
      sql`with ${postingCtes(entry)} select count(*)::int as posted from posted`,
    );
    return (row?.posted ?? 0) > 0;
  } catch (err) {
    if (isCheckViolation(err)) throw new LedgerOverdraftError(`${posting.kind} would overdraw`);
    throw err;
  }
}

export interface LedgerReport {
  entries: number;
  members: number;
  mismatches: q.BalanceMismatch[];
}

/** Reads balances and checks them against the entries (`npm run ledger:verify`). */
export class LedgerService {
  constructor(private readonly db: Db) {}

  balanceOf(userId: string): Promise<q.BalanceRow | undefined> {
    return q.balanceOf(this.db, userId);
  }

  async verify(limit = 100): Promise<LedgerReport> {
    const [counts, mismatches] = await Promise.all([
      q.countEntries(this.db),
      q.balanceMismatches(this.db, limit),
    ]);
    return { ...counts, mismatches };
  }
}
