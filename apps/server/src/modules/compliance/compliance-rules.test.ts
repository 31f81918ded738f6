import { describe, expect, it } from 'vitest';
import { allReasons, copyWindow, databaseReasons, dueReminder } from './compliance-rules';

describe('compliance rules', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('reads the database reasons in one order', () => {
    expect(databaseReasons({ status: 'LOCKED', paidUntil: null, bingxUid: null }, now)).toEqual([
      'ACCOUNT_LOCKED',
      'SUBSCRIPTION_LAPSED',
      'EXCHANGE_NOT_LINKED',
    ]);
    // Paid until exactly now is lapsed.
    expect(databaseReasons({ status: 'ACTIVE', paidUntil: now, bingxUid: '1' }, now)).toEqual([
      'SUBSCRIPTION_LAPSED',
    ]);
  });

  it('keeps the stored exchange reasons only when the exchange was not asked', () => {
    const stored = ['SUBSCRIPTION_LAPSED', 'COPYING_STOPPED', 'LOW_BALANCE'];
    expect(allReasons(['SUBSCRIPTION_LAPSED'], undefined, stored)).toEqual([
      'LOW_BALANCE',
      'COPYING_STOPPED',
      'SUBSCRIPTION_LAPSED',
    ]);
    expect(allReasons([], { lowBalance: false, copyingStopped: true }, stored)).toEqual([
      'COPYING_STOPPED',
    ]);
  });

  it('sends the latest reminder due, once, and none from day 30', () => {
    expect(dueReminder(6, 0)).toBeNull();
    expect(dueReminder(7, 0)).toBe(7);
    expect(dueReminder(7, 7)).toBeNull();
    expect(dueReminder(25, 0)).toBe(21);
    expect(dueReminder(29, 21)).toBe(28);
    expect(dueReminder(30, 0)).toBeNull();
  });

  it('looks at the last N full days and today', () => {
    expect(copyWindow(now, 7)).toEqual({
      from: new Date('2026-11-14T00:00:00Z'),
      to: new Date('2026-11-21T00:00:00Z'),
    });
  });
});
