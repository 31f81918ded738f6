import type { Subscription, SubscriptionPayment } from '@ctn/contracts/onboarding';
import { Download, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { ExplorerLink } from '@/components/explorer-links';
import { formatDate, formatUsdt } from '@/lib/format';
import { transactionUrl } from '@/lib/subscription';
import { paymentProblemHref, receiptLines, receiptText } from '../lib/payment-receipt';

/** Saves the receipt as a text file (no server round trip: everything is in the payment). */
function download(payment: SubscriptionPayment, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${formatDate(payment.creditedAt).replaceAll(/[ ,]+/g, '-')}-${payment.transactionHash.slice(2, 10)}.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * One payment's receipt, opened from its row: amount, transaction (with its explorer link), the
 * period it paid for and when it was credited; printed or saved, and the way to support when
 * something about it is wrong.
 */
export function PaymentReceiptDialog({
  payment,
  subscription,
}: {
  payment: SubscriptionPayment;
  subscription: Pick<Subscription, 'walletAddress' | 'explorerUrl'>;
}) {
  const lines = receiptLines(payment, subscription);
  const explorer = transactionUrl(subscription.explorerUrl, payment.transactionHash);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Receipt of the ${formatUsdt(payment.amount)} payment of ${formatDate(payment.creditedAt)}`}
        >
          Receipt
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Receipt: ${formatUsdt(payment.amount)}`}
        description="Subscription payment received on your deposit address."
        footer={
          <>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" />
              Print
            </Button>
            <Button onClick={() => download(payment, receiptText(lines))}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </Button>
          </>
        }
      >
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {lines
            .filter((l) => l.label !== 'On the explorer')
            .map((l) => (
              <div key={l.label} className="contents">
                <dt className="text-fg-muted">{l.label}</dt>
                <dd className="font-medium break-all text-fg">
                  {l.label === 'Transaction' ? (
                    <ExplorerLink
                      href={explorer}
                      className="font-mono text-primary underline-offset-4 hover:underline"
                    >
                      {l.value}
                    </ExplorerLink>
                  ) : (
                    l.value
                  )}
                </dd>
              </div>
            ))}
        </dl>
        <p className="mt-4 text-sm text-fg-muted">
          Something wrong with this payment?{' '}
          <Link
            to={paymentProblemHref(payment)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Contact support about it
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
