import type { Subscription, SubscriptionPayment } from '@ctn/contracts/onboarding';
import { formatDate, formatDateTime, formatUsdt } from '@/lib/format';
import { transactionUrl } from '@/lib/subscription';

/** One line of a receipt: what, and its value as the member reads it. */
export interface ReceiptLine {
  label: string;
  value: string;
}

/** The period a payment bought, or that it only added credit. */
export function periodText(payment: SubscriptionPayment): string {
  if (payment.periodsAdded > 0 && payment.paidUntil)
    return payment.paidFrom
      ? `${formatDate(payment.paidFrom)} – ${formatDate(payment.paidUntil)}`
      : `until ${formatDate(payment.paidUntil)}`;
  return 'Credit toward the next period';
}

/** Everything a receipt states of one payment, in the order it is shown, printed and saved. */
export function receiptLines(
  payment: SubscriptionPayment,
  subscription: Pick<Subscription, 'walletAddress' | 'explorerUrl'>,
): ReceiptLine[] {
  const explorer = transactionUrl(subscription.explorerUrl, payment.transactionHash);
  return [
    { label: 'Receipt', value: payment._id },
    { label: 'Amount', value: formatUsdt(payment.amount) },
    { label: 'Token and network', value: 'USDT (BEP20) on BNB Smart Chain' },
    ...(subscription.walletAddress
      ? [{ label: 'Paid to', value: subscription.walletAddress }]
      : []),
    { label: 'Transaction', value: payment.transactionHash },
    ...(explorer ? [{ label: 'On the explorer', value: explorer }] : []),
    { label: 'Block', value: String(payment.blockNumber) },
    { label: 'Period paid for', value: periodText(payment) },
    { label: 'Credited', value: formatDateTime(payment.creditedAt) },
  ];
}

/** The receipt as a plain-text file the member saves or prints. */
export function receiptText(lines: readonly ReceiptLine[]): string {
  const width = Math.max(...lines.map((l) => l.label.length));
  return [
    'CopyTrade Network: subscription payment receipt',
    '',
    ...lines.map((l) => `${l.label.padEnd(width)}  ${l.value}`),
    '',
  ].join('\n');
}

/** The public contact page, its form filled in (topic, subject, message). */
function contactHref(subject: string, message: string): string {
  const query = new URLSearchParams({ topic: 'payment', subject, message });
  return `/contact?${query.toString()}`;
}

/** "Something wrong with this payment?": a support request naming the transaction. */
export function paymentProblemHref(payment: SubscriptionPayment): string {
  return contactHref(
    `Payment ${payment.transactionHash.slice(0, 10)}`,
    `Something is wrong with my subscription payment ${payment.transactionHash} of ${formatUsdt(payment.amount)}, credited ${formatDateTime(payment.creditedAt)}: `,
  );
}

/** A transfer of another token, or on another network, that was never credited. */
export const WRONG_TOKEN_HREF = contactHref(
  'Wrong token or network',
  'I sent a payment to my deposit address with the wrong token or on the wrong network. Transaction hash: ',
);
