import type {
  AdminWithdrawal,
  AdminWithdrawalsResponse,
  WithdrawalReview,
  WithdrawalStatistics,
} from '@ctn/contracts/withdrawals';

/**
 * Admin withdrawal answers, for the withdrawal pages' tests and the user detail's Withdrawals tab
 * (two features, hence here).
 */

const uuid = (prefix: string, n: number) =>
  `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
export const TX_HASH = `0x${'ab12'.repeat(15)}cdef`;
export const EXPLORER = 'https://testnet.bscscan.com/';

export function makeAdminWithdrawal(
  n: number,
  overrides: Partial<AdminWithdrawal> = {},
): AdminWithdrawal {
  return {
    _id: uuid('dd', n),
    user: {
      _id: uuid('ee', n),
      firstName: 'Ada',
      lastName: `Lovelace${n}`,
      email: `ada${n}@example.com`,
      userId: `CT40000${n}`,
    },
    amount: 25.5,
    asset: 'USDT',
    walletAddress: WALLET,
    transactionHash: null,
    status: 'PENDING',
    reason: null,
    requestedAt: '2025-03-02T09:15:00.000Z',
    processedAt: null,
    createdAt: '2025-03-02T09:15:00.000Z',
    payout: 'NONE',
    ...overrides,
  };
}

export function makeWithdrawalStatistics(
  overrides: Partial<WithdrawalStatistics> = {},
): WithdrawalStatistics {
  return {
    total: 40,
    pending: 5,
    approved: 30,
    rejected: 3,
    blocked: 2,
    cancelled: 0,
    totalApprovedAmount: 1200.25,
    totalPendingAmount: 300.5,
    totalRequestedAmount: 1800,
    ...overrides,
  };
}

export function withdrawalsAnswer(
  withdrawals: AdminWithdrawal[],
  pagination: Partial<AdminWithdrawalsResponse['pagination']> = {},
  statistics: Partial<WithdrawalStatistics> = {},
): AdminWithdrawalsResponse {
  return {
    withdrawals,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: withdrawals.length,
      hasNextPage: false,
      hasPrevPage: false,
      limit: 10,
      resultsCount: withdrawals.length,
      ...pagination,
    },
    statistics: makeWithdrawalStatistics(statistics),
    explorerUrl: EXPLORER,
  };
}

export function makeReview(overrides: Partial<WithdrawalReview> = {}): WithdrawalReview {
  return {
    withdrawal: makeAdminWithdrawal(1),
    member: {
      status: 'ACTIVE',
      availableBalance: 74.5,
      lockedBalance: 0,
      pendingBalance: 25.5,
      totalEarned: 150,
      totalWithdrawn: 50,
      compliance: { locked: false, reasons: [], lockedSince: null },
      withdrawalsFrozen: null,
    },
    ledger: [
      {
        kind: 'WITHDRAWAL_HOLD',
        available: -25.5,
        locked: 0,
        pending: 25.5,
        withdrawn: 0,
        memo: 'Withdrawal request',
        createdAt: '2025-03-02T09:15:00.000Z',
      },
    ],
    pastWithdrawals: [
      makeAdminWithdrawal(2, {
        status: 'REJECTED',
        reason: 'Wrong network',
        processedAt: '2025-02-10T12:00:00.000Z',
      }),
    ],
    chainCheck: null,
    canSend: false,
    explorerUrl: EXPLORER,
    ...overrides,
  };
}
