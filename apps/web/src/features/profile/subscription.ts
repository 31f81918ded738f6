import type { BadgeVariant } from '@/components/ui/badge';

/** `subscriptionFee` as the profile may carry it: an object, or a plain number (member section 3). */
export type SubscriptionFee =
  number | { paid: boolean; timestamp?: string | null } | null | undefined;

export interface SubscriptionDisplay {
  label: 'Active' | 'Paid' | 'Unpaid';
  variant: BadgeVariant;
  /** When the subscription was paid, if known. */
  paidAt: string | null;
}

/**
 * The profile's subscription display rule (member section 2, "/profile and /settings"):
 * 'Active' when the fee is a number, otherwise Paid or Unpaid from the object.
 */
export function subscriptionDisplay(fee: SubscriptionFee): SubscriptionDisplay {
  if (typeof fee === 'number') return { label: 'Active', variant: 'success', paidAt: null };
  if (fee?.paid) return { label: 'Paid', variant: 'success', paidAt: fee.timestamp ?? null };
  return { label: 'Unpaid', variant: 'warning', paidAt: null };
}
