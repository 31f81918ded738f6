import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPayment, isPaid, periodBoughtFrom } from './subscription-periods';

const policy = { feeMicro: 10_000_000n, periodDays: 30 };
const DAY = 86_400_000;
const now = new Date('2026-11-21T00:00:00Z');

describe('subscription periods', () => {
  it('a full fee on a lapsed subscription buys 30 days from now', () => {
    const result = applyPayment({ paidUntil: null, creditMicro: 0n }, 10_000_000n, policy, now);
    expect(result).toEqual({
      paidUntil: new Date(now.getTime() + 30 * DAY),
      creditMicro: 0n,
      periodsAdded: 1,
    });
    expect(isPaid(result.paidUntil, now)).toBe(true);
  });

  it('9.99 USDT does not activate; a later 0.01 does', () => {
    const short = applyPayment({ paidUntil: null, creditMicro: 0n }, 9_990_000n, policy, now);
    expect(short).toEqual({ paidUntil: null, creditMicro: 9_990_000n, periodsAdded: 0 });
    expect(isPaid(short.paidUntil, now)).toBe(false);
    const topUp = applyPayment(short, 10_000n, policy, now);
    expect(topUp.periodsAdded).toBe(1);
    expect(topUp.creditMicro).toBe(0n);
  });

  it('an early payment extends from the end of the current period', () => {
    const paidUntil = new Date(now.getTime() + 5 * DAY);
    const result = applyPayment({ paidUntil, creditMicro: 0n }, 10_000_000n, policy, now);
    expect(result.paidUntil).toEqual(new Date(paidUntil.getTime() + 30 * DAY));
  });

  it('overpayment buys whole periods and keeps the rest as credit', () => {
    const result = applyPayment({ paidUntil: null, creditMicro: 0n }, 25_500_000n, policy, now);
    expect(result).toMatchObject({
      periodsAdded: 2,
      creditMicro: 5_500_000n,
      paidUntil: new Date(now.getTime() + 60 * DAY),
    });
  });

  it('never loses or invents money: credit + periods x fee = old credit + payment', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 9_999_999n }),
        fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }),
        (amount, credit, offsetDays) => {
          const paidUntil = offsetDays === null ? null : new Date(now.getTime() + offsetDays * DAY);
          const r = applyPayment({ paidUntil, creditMicro: credit }, amount, policy, now);
          expect(r.creditMicro + BigInt(r.periodsAdded) * policy.feeMicro).toBe(credit + amount);
          expect(r.creditMicro < policy.feeMicro).toBe(true);
          if (r.periodsAdded > 0) {
            const start = paidUntil !== null && paidUntil > now ? paidUntil : now;
            expect(r.paidUntil!.getTime() - start.getTime()).toBe(r.periodsAdded * 30 * DAY);
          } else {
            expect(r.paidUntil).toEqual(paidUntil);
          }
        },
      ),
    );
  });
});

describe('periodBoughtFrom', () => {
  it('reads back when the periods a payment bought began, and null for credit only', () => {
    const until = new Date('2025-03-06T10:00:00.000Z');
    expect(periodBoughtFrom(until, 2, 30)?.toISOString()).toBe('2025-01-05T10:00:00.000Z');
    expect(periodBoughtFrom(until, 0, 30)).toBeNull();
    expect(periodBoughtFrom(null, 1, 30)).toBeNull();
  });
});
