import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DAY_MS } from '@ctn/contracts/time';

/** Test records written as the platform writes them, at a chosen time. */

let counter = 0;

export async function insertPayment(db: Db, userId: string, usdt: number, at: Date) {
  counter += 1;
  const hash = `0x${counter.toString(16).padStart(64, '0')}`;
  await db.execute(sql`
    insert into subscription_payments
      (user_id, tx_hash, log_index, block_number, from_address, to_address, amount_micro, credited_at)
    values (${userId}, ${hash}, 0, ${counter}, '0xfrom', '0xto', ${BigInt(Math.round(usdt * 1e6))},
            ${at.toISOString()}::timestamptz)`);
}

export async function insertWithdrawal(
  db: Db,
  userId: string,
  usdt: number,
  options: { status: 'PENDING' | 'APPROVED' | 'REJECTED'; requestedAt: Date; processedAt?: Date },
) {
  counter += 1;
  await db.execute(sql`
    insert into withdrawals (user_id, amount_micro, wallet_address, status, requested_at, processed_at)
    values (${userId}, ${BigInt(Math.round(usdt * 1e6))},
            ${`0x${counter.toString(16).padStart(40, '0')}`}, ${options.status},
            ${options.requestedAt.toISOString()}::timestamptz,
            ${options.processedAt?.toISOString() ?? null}::timestamptz)`);
}

export const daysAgo = (days: number, from = new Date()) =>
  new Date(from.getTime() - days * DAY_MS);
