import { DAY_MS } from '@ctn/contracts/time';

export interface SubscriptionState {
  paidUntil: Date | null;
  /** Micro-USDT paid but not yet turned into a period (under- or overpayment). */
  creditMicro: bigint;
}

export interface PeriodPolicy {
  feeMicro: bigint;
  periodDays: number;
}

/**
 * Credits a payment (DESIGN.md section 4 "Subscription"): the amount joins the member's credit,
 * and each full fee in the credit buys one period. A period starts when the current one ends, or
 * now if the subscription has lapsed, so paying early never loses days and paying late never
 * back-dates. What is left stays as credit toward the next period.
 */
export function applyPayment(
  state: SubscriptionState,
  amountMicro: bigint,
  policy: PeriodPolicy,
  now: Date,
): SubscriptionState & { periodsAdded: number } {
  if (amountMicro < 0n) throw new RangeError('a payment cannot be negative');
  if (policy.feeMicro <= 0n) throw new RangeError('the fee must be positive');
  let credit = state.creditMicro + amountMicro;
  const periods = credit / policy.feeMicro;
  credit -= periods * policy.feeMicro;
  if (periods === 0n) return { paidUntil: state.paidUntil, creditMicro: credit, periodsAdded: 0 };
  const start = state.paidUntil !== null && state.paidUntil > now ? state.paidUntil : now;
  const paidUntil = new Date(start.getTime() + Number(periods) * policy.periodDays * DAY_MS);
  return { paidUntil, creditMicro: credit, periodsAdded: Number(periods) };
}

/**
 * The first moment of the period(s) a payment bought, read back from what it stored: periods
 * are added end to end, so they began `periodsAdded` periods before the paid-until it left.
 * Null when it only added credit.
 */
export function periodBoughtFrom(
  paidUntilAfter: Date | null,
  periodsAdded: number,
  periodDays: number,
): Date | null {
  if (paidUntilAfter === null || periodsAdded <= 0) return null;
  return new Date(paidUntilAfter.getTime() - periodsAdded * periodDays * DAY_MS);
}

/** Paid means the current period has not ended (`subscriptionFee.paid`). */
export function isPaid(paidUntil: Date | null, now: Date): boolean {
  return paidUntil !== null && paidUntil > now;
}
