import {
  gasOf,
  senderOf,
  type PayoutChain,
  type PayoutReceipt,
} from '../../integrations/chain/payout-wallet';
import type { Attempt } from './payout-attempts.queries';

/**
 * What the chain says about every transaction signed for one request (decision 045): checked
 * before a re-send, a rejection, a member's cancel, and by recovery. One nonce carries at most
 * one mined transaction, so the answer is one of a few cases, decided by receipts (looked up by
 * each attempt's hash, on whichever node) and the wallet's mined nonce count, never by what a
 * single node says it has in its pool.
 */
export type ChainVerdict =
  /** A payout attempt was mined and succeeded: the request is paid, by that attempt. */
  | { kind: 'PAID'; attempt: Attempt; receipt: PayoutReceipt; final: boolean }
  /** The cancellation took the nonce: none of the payout's transactions can be mined any more. */
  | { kind: 'CANCELLED'; attempt: Attempt; receipt: PayoutReceipt; final: boolean }
  /** A payout attempt was mined and reverted: the nonce is used, nothing was paid. */
  | { kind: 'REVERTED'; attempt: Attempt; receipt: PayoutReceipt; final: boolean }
  /** The nonce was used by a transaction that is none of ours (the key used elsewhere). */
  | { kind: 'NONCE_USED_ELSEWHERE'; final: boolean }
  /** Nothing mined at the nonce yet: an attempt may still be, in some node's pool. */
  | { kind: 'UNMINED' };

/** A replacement pays this much more than the attempt it replaces (geth and BSC ask 10%). */
const REPLACEMENT_BUMP_PERCENT = 125n;
/** A payout's fee never goes beyond this multiple of its first attempt's (decision 045). */
export const MAX_FEE_MULTIPLE = 4n;
/** At most this many transactions per request (payouts, replacements and a cancellation). */
export const MAX_ATTEMPTS = 8;

/**
 * Reads every attempt's receipt and, if none is mined at the request's nonce, the wallet's mined
 * nonce count. `finalized`: read before the receipts, so a receipt at or below it is final.
 */
export async function inspect(
  chain: PayoutChain,
  finalized: bigint | null,
  attempts: readonly Attempt[],
  nonce: bigint | null,
): Promise<ChainVerdict> {
  const isFinal = (r: PayoutReceipt) => finalized !== null && r.blockNumber <= finalized;
  const mined: { attempt: Attempt; receipt: PayoutReceipt }[] = [];
  for (const attempt of attempts) {
    const receipt = await chain.receipt(attempt.hash);
    if (receipt) mined.push({ attempt, receipt });
  }
  // Any attempt that paid, at any nonce the request ever held: the request is paid by it.
  const paid = mined.find((m) => m.attempt.kind === 'PAYOUT' && m.receipt.success);
  if (paid) return { kind: 'PAID', ...paid, final: isFinal(paid.receipt) };
  const atNonce = mined.filter((m) => m.attempt.nonce === nonce);
  const cancel = atNonce.find((m) => m.attempt.kind === 'CANCEL');
  if (cancel) return { kind: 'CANCELLED', ...cancel, final: isFinal(cancel.receipt) };
  const reverted = atNonce[0];
  if (reverted) return { kind: 'REVERTED', ...reverted, final: isFinal(reverted.receipt) };
  const current = attempts.filter((a) => a.nonce === nonce);
  const last = current[current.length - 1];
  if (!last || nonce === null) return { kind: 'UNMINED' };
  // The signer of the bytes, which is not the configured wallet after a key rotation.
  const wallet = await senderOf(last.rawTx);
  if ((await chain.nonceAt(wallet, 'latest')) <= nonce) return { kind: 'UNMINED' };
  // Used, by none of our hashes: final once the final nonce count is past it too. (A node that
  // lags shows a lower count, never a higher one: this never mistakes ours for another's.)
  const finalCount = await chain.nonceAt(wallet, 'finalized').catch(() => null);
  return { kind: 'NONCE_USED_ELSEWHERE', final: finalCount !== null && finalCount > nonce };
}

/**
 * The gas price of a replacement for `attempts` at the same nonce: the node's current price
 * (with its margin) or 25% over the dearest attempt so far, whichever is more, and never beyond
 * MAX_FEE_MULTIPLE times the first attempt's. null: the bound leaves no room for a replacement.
 */
export function replacementGasPrice(
  attempts: readonly Attempt[],
  currentPrice: bigint,
): bigint | null {
  if (attempts.length === 0) return currentPrice;
  const prices = attempts.map((a) => gasOf(a.rawTx).gasPrice);
  const dearest = prices.reduce((a, b) => (a > b ? a : b));
  const bumped = (dearest * REPLACEMENT_BUMP_PERCENT + 99n) / 100n;
  const wanted = currentPrice > bumped ? currentPrice : bumped;
  const bound = prices[0]! * MAX_FEE_MULTIPLE;
  const price = wanted < bound ? wanted : bound;
  return price >= bumped ? price : null;
}
