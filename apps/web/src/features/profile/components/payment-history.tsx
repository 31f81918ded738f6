import type { Subscription, SubscriptionPayment } from '@ctn/contracts/onboarding';
import { ExternalLink as ExternalLinkIcon, ReceiptText, RefreshCw } from 'lucide-react';
import { ExplorerLink } from '@/components/explorer-links';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatExactUsdt, shortenHash } from '@/lib/format';
import { transactionUrl, useSubscription } from '@/lib/subscription';
import { Link } from 'react-router';
import { WRONG_TOKEN_HREF } from '../lib/payment-receipt';
import { PaymentReceiptDialog } from './payment-receipt-dialog';

const LOAD_FAILED = 'Failed to load your payment history';

/**
 * The member's subscription payments (issue 4, item 2), from refresh-subscription: amount, the
 * transaction on the block explorer, the period it bought (or the credit it added), and when.
 */
export function PaymentHistory() {
  const subscription = useSubscription();
  return (
    <Card role="region" aria-labelledby="payment-history-title">
      <div className="flex flex-wrap items-start justify-between gap-3 p-6 pb-0">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
            <ReceiptText className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle id="payment-history-title">Payment history</CardTitle>
            <CardDescription>
              Subscription payments received on your deposit address.
            </CardDescription>
          </div>
        </div>
        {subscription.data ? <Standing subscription={subscription.data} /> : null}
      </div>
      <CardContent>
        {subscription.isPending ? (
          <div role="status" aria-label="Loading your payment history" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : subscription.isError ? (
          <div className="space-y-3">
            <Alert variant="error">{errorMessage(subscription.error, LOAD_FAILED)}</Alert>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void subscription.refetch()}
              loading={subscription.isFetching}
              loadingText="Retrying..."
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : subscription.data.payments.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-fg-muted">
            No payments yet
          </p>
        ) : (
          <Payments subscription={subscription.data} />
        )}
        <p className="mt-4 text-sm text-fg-muted">
          Sent another token than USDT, or on another network than BNB Smart Chain (BEP20)? It is
          not credited automatically.{' '}
          <Link
            to={WRONG_TOKEN_HREF}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Contact support with its transaction hash
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** Paid until when, and any credit toward the next period. */
function Standing({ subscription }: { subscription: Subscription }) {
  return (
    <div className="flex flex-wrap gap-2">
      {subscription.paidUntil ? (
        <Badge variant={subscription.subscriptionFee.paid ? 'success' : 'warning'}>
          {subscription.subscriptionFee.paid ? 'Paid until' : 'Expired on'}{' '}
          {formatDate(subscription.paidUntil)}
        </Badge>
      ) : null}
      {subscription.creditUsdt > 0 ? (
        <Badge variant="info">Credit {formatExactUsdt(subscription.creditUsdt)}</Badge>
      ) : null}
    </div>
  );
}

/** A table from `sm` up; on a phone a list, so no column hides off-screen. */
function Payments({ subscription }: { subscription: Subscription }) {
  const payments = [...subscription.payments].sort(
    (a, b) => Date.parse(b.creditedAt) - Date.parse(a.creditedAt),
  );
  return (
    <>
      <ul aria-label="Payments" className="space-y-3 sm:hidden">
        {payments.map((payment) => (
          <li key={payment._id} className="space-y-1.5 rounded-xl border border-border p-4">
            <div className="flex items-baseline justify-between gap-3">
              <span className="shrink-0 font-semibold whitespace-nowrap text-fg tabular-nums">
                {formatExactUsdt(payment.amount)}
              </span>
              <span className="text-right text-xs text-fg-muted">
                {formatDateTime(payment.creditedAt)}
              </span>
            </div>
            <p className="text-sm">
              <PeriodBought payment={payment} periodDays={subscription.periodDays} />
            </p>
            <div className="flex items-center justify-between gap-3">
              <TransactionLink
                explorerUrl={subscription.explorerUrl}
                hash={payment.transactionHash}
              />
              <PaymentReceiptDialog payment={payment} subscription={subscription} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table label="Payment history">
          <caption className="sr-only">Subscription payments, newest first</caption>
          <TableHead>
            <tr>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell className="text-right">Amount</TableHeaderCell>
              <TableHeaderCell>Transaction</TableHeaderCell>
              <TableHeaderCell>Period</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">Receipt</span>
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {payments.map((payment) => (
              <TableRow key={payment._id}>
                <TableCell className="whitespace-nowrap text-fg-muted">
                  {formatDateTime(payment.creditedAt)}
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatExactUsdt(payment.amount)}
                </TableCell>
                <TableCell>
                  <TransactionLink
                    explorerUrl={subscription.explorerUrl}
                    hash={payment.transactionHash}
                  />
                </TableCell>
                <TableCell>
                  <PeriodBought payment={payment} periodDays={subscription.periodDays} />
                </TableCell>
                <TableCell>
                  <PaymentReceiptDialog payment={payment} subscription={subscription} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** The shortened hash (10 + 4 characters), linking to the transaction on the explorer. */
function TransactionLink({ explorerUrl, hash }: { explorerUrl: string | null; hash: string }) {
  return (
    <ExplorerLink
      href={transactionUrl(explorerUrl, hash)}
      title={hash}
      className="inline-flex items-center gap-1.5 rounded font-mono text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      icon={<ExternalLinkIcon className="size-3.5" aria-hidden="true" />}
    >
      {shortenHash(hash)}
    </ExplorerLink>
  );
}

function PeriodBought({
  payment,
  periodDays,
}: {
  payment: SubscriptionPayment;
  periodDays: number;
}) {
  if (payment.periodsAdded > 0 && payment.paidUntil) {
    const days = payment.periodsAdded * periodDays;
    return (
      <span className="whitespace-nowrap">
        +{days} days <span className="text-fg-muted">until {formatDate(payment.paidUntil)}</span>
      </span>
    );
  }
  return <span className="whitespace-nowrap text-fg-muted">Credit toward the next period</span>;
}
