import {
  isSubscriptionPaid,
  subscriptionPaidAt,
  type SubscriptionFee,
} from '@ctn/contracts/subscription-fee';
import type { BadgeVariant } from '@/components/ui/badge';

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
  if (isSubscriptionPaid(fee))
    return { label: 'Paid', variant: 'success', paidAt: subscriptionPaidAt(fee) };
  return { label: 'Unpaid', variant: 'warning', paidAt: null };
}
