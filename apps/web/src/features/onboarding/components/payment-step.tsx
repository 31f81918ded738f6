import type { Subscription } from '@ctn/contracts/onboarding';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, RefreshCw, Wallet } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { countOf, formatExactUsdt, formatTime, shortenHash } from '@/lib/format';
import { profileQueryKey } from '@/lib/session';
import { PAYMENT_WATCH_MS, transactionUrl, useSubscription } from '@/lib/subscription';
import { ExplorerLink } from '@/components/explorer-links';
import { useRefreshPaymentStatus } from '../api/refresh-payment-status';
import { DepositAddress } from '@/components/deposit-address';
import { SimulatePaymentCard } from './simulate-payment-card';
import { StepCard } from './step-card';

const MESSAGES = {
  loadFailed: 'Failed to load your payment details',
  refreshFailed: 'Failed to refresh the payment status',
} as const;

/**
 * Step 1, shown while the subscription is unpaid (member section 2, /onboarding): the member's
 * deposit address with a copy button and a QR code, the USDT (BEP20) contract to copy, the fee
 * with what is credited and due, and Refresh Payment Status. With the simulated chain
 * (development) a clearly labelled card sends a simulated payment.
 */
export function PaymentStep() {
  // The page watches for the payment by itself; the button below only asks sooner.
  const subscription = useSubscription({ watch: true });
  const queryClient = useQueryClient();
  const paidOnChain = subscription.data?.subscriptionFee.paid === true;

  // The watcher may have credited the payment since the profile was read: read it again, and
  // the page moves on to step 2.
  useEffect(() => {
    if (paidOnChain) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [paidOnChain, queryClient]);

  return (
    <div className="space-y-6">
      <StepCard
        step={1}
        icon={Wallet}
        title="Pay your subscription"
        summary={
          subscription.data
            ? `Send ${formatExactUsdt(subscription.data.feeUsdt)} on the ${subscription.data.network} network to your personal deposit address. Each full fee activates ${subscription.data.periodDays} days of membership.`
            : 'Send USDT on the BEP20 (BSC) network to your personal deposit address.'
        }
      >
        {subscription.isPending ? (
          <PaymentSkeleton />
        ) : subscription.isError ? (
          <div className="space-y-4">
            <Alert variant="error">{errorMessage(subscription.error, MESSAGES.loadFailed)}</Alert>
            <Button
              variant="outline"
              onClick={() => void subscription.refetch()}
              loading={subscription.isFetching}
              loadingText="Retrying..."
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <PaymentDetails subscription={subscription.data} />
        )}
      </StepCard>
      {subscription.data?.simulatedChain ? (
        <SimulatePaymentCard feeUsdt={subscription.data.feeUsdt} />
      ) : null}
    </div>
  );
}

function PaymentDetails({ subscription }: { subscription: Subscription }) {
  return (
    <>
      <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
        <Amount label="Subscription fee" value={formatExactUsdt(subscription.feeUsdt)}>
          per {subscription.periodDays} days
        </Amount>
        <Amount label="Already credited" value={formatExactUsdt(subscription.creditUsdt)}>
          kept toward your next period
        </Amount>
        <Amount label="Amount due" value={formatExactUsdt(subscription.amountDueUsdt)} highlight>
          still to send
        </Amount>
      </dl>

      <DepositAddress subscription={subscription} />

      <PaymentWatch subscription={subscription} />

      <RefreshPaymentStatus lastChainScanAt={subscription.lastChainScanAt ?? null} />
    </>
  );
}

/** One figure: a compact row on a phone, a tile from `sm` up. */
function Amount({
  label,
  value,
  highlight = false,
  children,
}: {
  label: string;
  value: string;
  highlight?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-3 rounded-xl border px-4 py-2.5 sm:block sm:py-3',
        highlight ? 'border-primary/30 bg-primary-soft' : 'border-border bg-surface-muted/60',
      )}
    >
      <dt className="text-sm font-medium text-fg-muted">{label}</dt>
      <dd className="text-right sm:mt-1 sm:text-left">
        <span
          className={cn(
            'block text-lg font-bold tabular-nums sm:text-xl',
            highlight ? 'text-primary-soft-fg' : 'text-fg',
          )}
        >
          {value}
        </span>
        <span className="hidden text-xs text-fg-muted sm:block">{children}</span>
      </dd>
    </div>
  );
}

function RefreshPaymentStatus({ lastChainScanAt }: { lastChainScanAt: string | null }) {
  const refresh = useRefreshPaymentStatus();
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  return (
    <div className="space-y-4 border-t border-border pt-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button
          onClick={() => refresh.mutate(undefined, { onSuccess: () => setCheckedAt(new Date()) })}
          loading={refresh.isPending}
          loadingText="Checking..."
          className="sm:min-w-56"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh Payment Status
        </Button>
        <p className="flex items-start gap-2 text-sm text-fg-muted">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Payment confirmation usually takes 1-3 minutes after you send it. Then refresh the
            payment status.
          </span>
        </p>
      </div>
      {refresh.isError ? (
        <Alert variant="error">{errorMessage(refresh.error, MESSAGES.refreshFailed)}</Alert>
      ) : checkedAt ? (
        <p role="status" className="text-sm text-fg-muted">
          Status checked at {formatTime(checkedAt)}: the full fee has not arrived yet.
        </p>
      ) : null}
      <p className="text-xs text-fg-muted">
        {lastChainScanAt
          ? `Payments are looked for on the network automatically; last look at ${formatTime(lastChainScanAt)}.`
          : 'Payments are looked for on the network automatically, every few seconds.'}
      </p>
    </div>
  );
}

/**
 * The payment as the page watches it: waiting, then each credited transfer with its explorer
 * link and what is still due; a full fee moves the page on to step 2 by itself.
 */
/**
 * The payment as the page watches it: waiting, seen and confirming (a transfer in a block not
 * final yet), received in part, or credited.
 */
function PaymentWatch({ subscription }: { subscription: Subscription }) {
  const latest = subscription.payments[0];
  const paid = subscription.subscriptionFee.paid;
  const seen = paid ? undefined : subscription.incoming?.[0];
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="payment-watch"
      className="flex items-start gap-3 rounded-xl border border-border bg-surface-muted p-4 text-sm"
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2.5 shrink-0 rounded-full',
          paid ? 'bg-primary' : 'bg-amber-500 motion-safe:animate-pulse',
        )}
      />
      <div className="min-w-0 space-y-1">
        {paid ? (
          <p className="font-semibold text-fg">Payment credited. Moving on to step 2…</p>
        ) : seen ? (
          <p className="font-semibold text-fg">
            {formatExactUsdt(seen.amount)} seen on the chain, confirming: about{' '}
            {countOf(seen.blocksToFinal, 'block')} to go.
          </p>
        ) : latest ? (
          <p className="font-semibold text-fg">
            {formatExactUsdt(subscription.creditUsdt)} received:{' '}
            {formatExactUsdt(subscription.amountDueUsdt)} still to send.
          </p>
        ) : (
          <p className="font-semibold text-fg">Waiting for your payment…</p>
        )}
        {seen ? (
          <p className="text-fg-muted">
            Transaction{' '}
            <ExplorerLink
              href={transactionUrl(subscription.explorerUrl, seen.transactionHash)}
              className="font-mono text-primary underline-offset-4 hover:underline"
            >
              {shortenHash(seen.transactionHash)}
            </ExplorerLink>{' '}
            · it is credited once its block is final.
          </p>
        ) : latest ? (
          <p className="text-fg-muted">
            Last transfer: {formatExactUsdt(latest.amount)} ·{' '}
            <ExplorerLink
              href={transactionUrl(subscription.explorerUrl, latest.transactionHash)}
              className="font-mono text-primary underline-offset-4 hover:underline"
            >
              {shortenHash(latest.transactionHash)}
            </ExplorerLink>
          </p>
        ) : (
          <p className="text-fg-muted">
            This page checks every {PAYMENT_WATCH_MS / 1000} seconds and moves on once the fee is
            confirmed on the chain.
          </p>
        )}
      </div>
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <div role="status" aria-label="Loading your payment details" className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 rounded-xl sm:h-20" />
        ))}
      </div>
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-start">
        <Skeleton className="size-[282px] rounded-2xl" />
        <div className="w-full flex-1 space-y-5">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </div>
  );
}
