import type { AdminWithdrawal, ChainCheckState } from '@ctn/contracts/withdrawals';
import type { BadgeVariant } from '@/components/ui/badge';

/** How the withdrawal screens word and colour the contracts' codes. */

export const CHAIN_CHECK_BADGES: Record<ChainCheckState, { label: string; variant: BadgeVariant }> =
  {
    VERIFIED: { label: 'Verified', variant: 'success' },
    MISMATCH: { label: 'Mismatch', variant: 'danger' },
    NOT_FOUND: { label: 'Not found', variant: 'warning' },
    UNAVAILABLE: { label: 'Unavailable', variant: 'neutral' },
    NOT_CONFIGURED: { label: 'Not configured', variant: 'neutral' },
  };

export const PAYOUT_BADGES: Record<
  AdminWithdrawal['payout'],
  { label: string; variant: BadgeVariant }
> = {
  NONE: { label: 'Not sent from the hot wallet', variant: 'neutral' },
  SENDING: { label: 'Sending', variant: 'info' },
  CANCELLING: { label: 'Being cancelled on chain', variant: 'warning' },
  CONFIRMING: { label: 'Payment pending (not final yet)', variant: 'info' },
  SENT: { label: 'Sent', variant: 'success' },
  FAILED: { label: 'Failed', variant: 'danger' },
};
