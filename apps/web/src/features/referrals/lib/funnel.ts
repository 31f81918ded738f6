import type { FunnelStep } from '@ctn/contracts/referrals';

export const STAGE_LABELS = {
  registered: 'Registered',
  verified: 'Verified',
  paid: 'Paid',
  linked: 'Linked',
  trading: 'Trading',
} as const;

/** How one stage reads: reached, not reached, or unknown (never "no" for what we do not know). */
export function stepWord(step: FunnelStep): 'Yes' | 'No' | 'Unknown' {
  if (step.reached === null) return 'Unknown';
  return step.reached ? 'Yes' : 'No';
}
