import type { WithdrawalsQuery, WithdrawalsResponse } from '@ctn/contracts/withdrawals';
import type { Db } from '../../db/client';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import * as q from './withdrawals.queries';

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** Withdrawal requests. This slice reads a member's history; requests and review follow. */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly explorerUrl: string,
  ) {}

  async listOwn(userId: string, query: WithdrawalsQuery): Promise<WithdrawalsResponse> {
    const { offset } = pageOf(query.page, query.limit, 0);
    const { rows, total } = await q.listOwn(this.db, userId, query.status, query.limit, offset);
    const p = pageOf(query.page, query.limit, total);
    return {
      withdrawals: rows.map((row) => ({
        _id: row.id,
        amount: toUsdt(row.amountMicro),
        walletAddress: row.walletAddress,
        asset: 'USDT',
        status: row.status,
        requestedAt: iso(row.requestedAt),
        processedAt: row.processedAt ? iso(row.processedAt) : null,
        transactionHash: row.transactionHash,
        reason: row.reason,
      })),
      pagination: {
        currentPage: query.page,
        totalPages: p.totalPages,
        totalRecords: total,
        limit: query.limit,
        hasNextPage: p.hasNext,
        hasPrevPage: p.hasPrev,
      },
      explorerUrl: this.explorerUrl,
    };
  }
}
