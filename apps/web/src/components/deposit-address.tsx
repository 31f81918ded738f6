import type { Subscription } from '@ctn/contracts/onboarding';
import { CopyField } from '@/components/copy-field';
import { QrCode } from '@/components/qr-code';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';

/**
 * Where a member pays: their own deposit address as a QR code and to copy, the USDT (BEP20)
 * contract, and the warning about other networks. Onboarding's payment step and the
 * dashboard's Renew both show it, so a member sees the same thing wherever they pay.
 */
export function DepositAddress({
  subscription,
}: {
  subscription: Pick<Subscription, 'walletAddress' | 'network' | 'usdtContract'>;
}) {
  const network = <Badge variant="info">{subscription.network}</Badge>;
  return (
    <div className="flex flex-col items-center gap-6 md:flex-row md:items-start">
      {subscription.walletAddress ? (
        <QrCode value={subscription.walletAddress} alt="QR code of your deposit address" />
      ) : null}
      <div className="w-full min-w-0 flex-1 space-y-5">
        {subscription.walletAddress ? (
          <CopyField
            label="Your deposit wallet address"
            aside={network}
            value={subscription.walletAddress}
            copyLabel="Copy deposit address"
          />
        ) : (
          <Alert variant="warning" title="Your deposit address is being prepared">
            Refresh the payment status in a moment.
          </Alert>
        )}
        <CopyField
          label="USDT token contract"
          aside={network}
          value={subscription.usdtContract}
          copyLabel="Copy USDT contract address"
        />
        <Alert variant="warning">
          Send only USDT on the {subscription.network} network to your deposit address. Tokens sent
          on another network cannot be credited.
        </Alert>
      </div>
    </div>
  );
}
