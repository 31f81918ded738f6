import type { AdminWithdrawal, Withdrawal } from '@ctn/contracts/withdrawals';
import { toUsdt } from '../../lib/money';
import type { MemberWithdrawalRow, WithdrawalRow } from './withdrawals.queries';
import { toIso, toIsoOrNull } from '../../lib/values';
import { pageOf } from '../../lib/pagination';

/** A request as its member reads it (member section 3). */
export function memberView(row: MemberWithdrawalRow): Withdrawal {
  return {
    _id: row.id,
    amount: toUsdt(row.amountMicro),
    walletAddress: row.walletAddress,
    asset: 'USDT',
    status: row.status,
    requestedAt: toIso(row.requestedAt),
    processedAt: toIsoOrNull(row.processedAt),
    // A hot-wallet payout records its hash when signed; the member sees it once it is paid.
    transactionHash: row.status === 'APPROVED' ? row.transactionHash : null,
    reason: row.reason,
    payout: row.payoutState,
  };
}

/** A request as administrators read it (admin section 3). */
export function adminView(row: WithdrawalRow): AdminWithdrawal {
  return {
    _id: row.id,
    user: {
      _id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      userId: row.userNumber,
    },
    amount: toUsdt(row.amountMicro),
    asset: 'USDT',
    walletAddress: row.walletAddress,
    transactionHash: row.transactionHash,
    status: row.status,
    reason: row.reason,
    requestedAt: toIso(row.requestedAt),
    processedAt: toIsoOrNull(row.processedAt),
    createdAt: toIso(row.requestedAt),
    payout: row.payoutState,
  };
}

/** A withdrawals list's pagination, as both the member's and the admin's list name it. */
export function withdrawalsPagination(page: number, limit: number, totalRecords: number) {
  const p = pageOf(page, limit, totalRecords);
  return {
    currentPage: page,
    totalPages: p.totalPages,
    totalRecords,
    limit,
    hasNextPage: p.hasNext,
    hasPrevPage: p.hasPrev,
  };
}
