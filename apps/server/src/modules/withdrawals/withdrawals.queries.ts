import type { WithdrawalStatus } from '@ctn/contracts/constants';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface WithdrawalRow {
  id: string;
  amountMicro: string;
  walletAddress: string;
  status: WithdrawalStatus;
  reason: string | null;
  transactionHash: string | null;
  requestedAt: Date | string;
  processedAt: Date | string | null;
}

export async function listOwn(
  db: Db,
  userId: string,
  status: WithdrawalStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const filter = status ? sql`and status = ${status}` : sql``;
  const [rows, [count]] = await Promise.all([
    rowsOf<WithdrawalRow>(
      db,
      sql`select id, amount_micro::text as "amountMicro", wallet_address as "walletAddress", status,
                 reason, transaction_hash as "transactionHash", requested_at as "requestedAt",
                 processed_at as "processedAt"
            from withdrawals where user_id = ${userId} ${filter}
           order by requested_at desc, id desc limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from withdrawals where user_id = ${userId} ${filter}`,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}
