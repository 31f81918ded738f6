import { subscriptionSchema, type Subscription } from '@ctn/contracts/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/users/refresh-subscription: the member's subscription after the server has scanned
 * their deposit address on the chain (fee, credit, amount due, deposit and token addresses,
 * payment history). Shared by onboarding (the payment step) and the profile (payment history),
 * so its query key is written once, here.
 */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  const { data } = await api.get('/users/refresh-subscription', {
    schema: subscriptionSchema,
    signal,
  });
  return data;
}

export const subscriptionQueryKey = ['subscription'] as const;

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
  });

/** A transaction's page on the block explorer the server names. */
export { explorerTxUrl as transactionUrl } from '@ctn/contracts/explorer';

/** How often a page waiting for a payment asks again (each ask scans the deposit address). */
export const PAYMENT_WATCH_MS = 15_000;

/** `watch`: ask again every PAYMENT_WATCH_MS while the page waits for a payment. */
export function useSubscription({ watch = false }: { watch?: boolean } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(),
    ...(watch ? { refetchInterval: PAYMENT_WATCH_MS, refetchIntervalInBackground: false } : {}),
  });
}
