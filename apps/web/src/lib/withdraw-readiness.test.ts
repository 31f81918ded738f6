import { describe, expect, it } from 'vitest';
import { WITHDRAW_BLOCKED, withdrawReadiness } from './withdraw-readiness';

const open = {
  locked: false,
  reasons: [],
  lockedSince: null,
  forfeitsAt: null,
  daysLeft: null,
  checkedAt: null,
};
const stats = (over: Partial<Parameters<typeof withdrawReadiness>[0] & object> = {}) => ({
  currentBalance: 25,
  pendingWithdrawals: 0,
  compliance: open,
  ...over,
});

describe('withdrawReadiness', () => {
  it('is ready with a balance, no pending request and no lock', () => {
    expect(withdrawReadiness(stats())).toEqual({
      canWithdraw: true,
      reason: null,
      hint: 'Ready to withdraw',
    });
  });

  it('says why not: the lock first, then the pending request, then the empty balance', () => {
    const locked = { ...open, locked: true, reasons: ['LOW_BALANCE' as const] };
    expect(withdrawReadiness(stats({ compliance: locked, pendingWithdrawals: 5 }))).toMatchObject({
      canWithdraw: false,
      reason: WITHDRAW_BLOCKED.locked,
      hint: 'Withdrawals paused',
    });
    expect(withdrawReadiness(stats({ pendingWithdrawals: 12.5 }))).toMatchObject({
      canWithdraw: false,
      reason: WITHDRAW_BLOCKED.pending,
    });
    expect(withdrawReadiness(stats({ currentBalance: 0 }))).toMatchObject({
      canWithdraw: false,
      reason: WITHDRAW_BLOCKED.empty,
    });
  });

  it('never reads unknown figures as ready', () => {
    expect(withdrawReadiness(undefined).canWithdraw).toBe(false);
  });
});
