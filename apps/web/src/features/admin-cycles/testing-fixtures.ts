import type { CycleDetail, CycleSummary, CyclesResponse } from '@ctn/contracts/cycles';

/** Reward cycle answers for the tests of this feature. */

export const CYCLE_ID = '0c0c0c0c-0000-4000-8000-000000000001';

export function makeCycleSummary(overrides: Partial<CycleSummary> = {}): CycleSummary {
  return {
    _id: CYCLE_ID,
    number: 3,
    status: 'COMPLETED',
    source: 'EXCHANGE',
    periodStart: '2025-03-01',
    periodEnd: '2025-03-07',
    members: 12,
    totalMasterAmount: 2400,
    totalPaid: 288.5,
    rewardLines: 40,
    createdBy: 'Platform Admin',
    createdAt: '2025-03-08T09:00:00.000Z',
    startedAt: '2025-03-08T09:05:00.000Z',
    completedAt: '2025-03-08T09:06:00.000Z',
    error: null,
    ...overrides,
  };
}

export function cyclesAnswer(
  cycles: CycleSummary[],
  pagination: Partial<CyclesResponse['pagination']> = {},
  nextPeriodStart: string | null = null,
): CyclesResponse {
  return {
    cycles,
    nextPeriodStart,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: cycles.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
  };
}

export function makeDraft(overrides: Partial<CycleDetail> = {}): CycleDetail {
  return {
    ...makeCycleSummary({
      number: null,
      status: 'DRAFT',
      source: 'CSV',
      totalPaid: null,
      rewardLines: null,
      startedAt: null,
      completedAt: null,
    }),
    preview: {
      linesRead: 5,
      matchedMembers: 2,
      unknownUids: ['555001', '555002'],
      unknownCount: 2,
      errors: [{ line: 4, message: 'amount must be a positive number' }],
      errorCount: 1,
      totalMasterAmount: 300,
      payoutByLevel: [
        { level: 1, percent: 3, lines: 2, amount: 9 },
        { level: 2, percent: 2, lines: 1, amount: 4 },
      ],
      totalPayout: 13,
      recipients: { available: 2, locked: 1, skipped: 1 },
    },
    statement: null,
    progress: null,
    ...overrides,
  };
}

export function makeCompleted(overrides: Partial<CycleDetail> = {}): CycleDetail {
  const draft = makeDraft();
  return {
    ...draft,
    ...makeCycleSummary({ source: 'CSV', number: 8, totalPaid: 13, rewardLines: 3 }),
    statement: {
      byLevel: [
        {
          level: 1,
          percent: 3,
          lines: 2,
          amount: 9,
          availableAmount: 6,
          lockedAmount: 3,
          heldAmount: 0,
        },
        {
          level: 2,
          percent: 2,
          lines: 1,
          amount: 4,
          availableAmount: 4,
          lockedAmount: 0,
          heldAmount: 0,
        },
      ],
      byType: [
        { type: 'DOWNLINE', lines: 3, amount: 13 },
        { type: 'DIRECT', lines: 4, amount: 35 },
      ],
      recipients: { credited: 3, available: 2, locked: 1, held: 0 },
      locked: [{ reason: 'LOW_BALANCE', members: 1, amount: 3 }],
      netted: null,
      skipped: [{ reason: 'DISABLED', members: 1, lines: 1 }],
    },
    ...overrides,
  };
}
