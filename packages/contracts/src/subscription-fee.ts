/**
 * `subscriptionFee` as a user carries it: `{paid, timestamp}`, or a plain number (member
 * section 3). Kept free of zod so the session code of the first screen can read it.
 */
export type SubscriptionFee = { paid: boolean; timestamp: string | null } | number;

/** A fee that arrived as a number is a subscription in force (the profile shows it 'Active'). */
export function isSubscriptionPaid(fee: SubscriptionFee): boolean {
  return typeof fee === 'number' || fee.paid;
}

/** When the subscription was paid, where the fee says so (a plain number does not). */
export function subscriptionPaidAt(fee: SubscriptionFee): string | null {
  return typeof fee === 'number' || !fee.paid ? null : fee.timestamp;
}
