import type { OverallStats } from '@ctn/contracts/admin';

/** The dashboard's answer for the tests of this feature. */

export function makeOverallStats(overrides: Partial<OverallStats> = {}): OverallStats {
  return {
    users: { totalUsers: 120, completedOnboarding: 80, newUsersToday: 4 },
    withdrawals: { pendingCount: 3, totalAmount: 1500.5 },
    rewards: { totalDistributed: 9876.125 },
    recentWithdrawals: [],
    recentJoinedUsers: [],
    series: makeDailySeries(),
    ...overrides,
  };
}

/** 30 days of zeros ending 2025-03-30, with `values` on chosen days (`yyyy-mm-dd`). */
export function makeDailySeries(
  values: {
    signups?: Record<string, number>;
    payments?: Record<string, number>;
    payouts?: Record<string, number>;
  } = {},
): OverallStats['series'] {
  const days = Array.from({ length: 30 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
  return {
    signups: days.map((date) => ({ date, count: values.signups?.[date] ?? 0 })),
    payments: days.map((date) => ({ date, amount: values.payments?.[date] ?? 0 })),
    payouts: days.map((date) => ({ date, amount: values.payouts?.[date] ?? 0 })),
  };
}
