import type { ReconciliationDifference, ReconciliationReport } from '@ctn/contracts/reconciliation';
import type { Db } from '../../db/client';
import type { ChainReader } from '../../integrations/chain/chain-reader';
import type { Logger } from '../../lib/logger';
import { toUsdt } from '../../lib/money';
import * as q from './hot-wallet-outflows.queries';

/**
 * (d) The hot wallet's outflows (decision 045): every USDT Transfer out of a wallet that signed
 * payouts, over the last `windowBlocks` final blocks (the reader's capped, adapting ranges), is
 * matched to the payout attempt with its hash, whose request must be APPROVED, paid by that very
 * hash, for that amount and to that address. A transfer that matches nothing is
 * OUTFLOW_UNMATCHED; a second transfer for a request already matched is OUTFLOW_DUPLICATE: the
 * member was paid twice. A chain that cannot be read leaves the part unchecked, never clean.
 */

export type OutflowsPart = NonNullable<ReconciliationReport['outflows']>;

export interface OutflowsDeps {
  db: Db;
  chain: ChainReader;
  log: Logger;
  /** The configured hot wallet (null without PAYOUT_PRIVATE_KEY). */
  hotWalletAddress: string | null;
  windowBlocks: bigint;
}

export async function outflowsPart(
  deps: OutflowsDeps,
  differences: ReconciliationDifference[],
): Promise<OutflowsPart> {
  const senders = new Set(await q.payoutSenders(deps.db));
  if (deps.hotWalletAddress) senders.add(deps.hotWalletAddress.toLowerCase());
  const empty = { fromBlock: null, toBlock: null, transfers: 0, matched: 0 };
  if (senders.size === 0)
    return { checked: true, note: 'No hot wallet has signed a payout.', ...empty };
  let to: bigint;
  let transfers;
  try {
    to = await deps.chain.finalizedBlock();
  } catch (err) {
    deps.log.warn({ err }, 'reconciliation: the final block could not be read');
    return { checked: false, note: 'The chain could not be read.', ...empty };
  }
  const from = to + 1n > deps.windowBlocks ? to + 1n - deps.windowBlocks : 0n;
  const range = { fromBlock: Number(from), toBlock: Number(to) };
  try {
    transfers = (await deps.chain.transfersFrom([...senders], from, to)).filter((t) => !t.removed);
  } catch (err) {
    deps.log.warn({ err }, 'reconciliation: hot wallet outflows could not be read');
    return {
      checked: false,
      note: `Transfers out of the hot wallet in blocks ${from}-${to} could not be read.`,
      ...empty,
      ...range,
    };
  }
  const attempts = new Map(
    (await q.attemptsWithHashes(deps.db, [...new Set(transfers.map((t) => t.txHash))])).map(
      (a) => [a.hash, a] as const,
    ),
  );
  const paidOnce = new Set<string>();
  let matched = 0;
  for (const t of transfers) {
    const hash = t.txHash.toLowerCase();
    const amount = toUsdt(t.amountMicro);
    const attempt = attempts.get(hash);
    const what = `${amount.toFixed(2)} USDT from ${t.from} to ${t.to} in block ${t.blockNumber}`;
    const verdict = attempt
      ? judge(attempt, hash, t.to, t.amountMicro, paidOnce)
      : { kind: 'OUTFLOW_UNMATCHED' as const, why: 'is no payout attempt of any withdrawal' };
    if (verdict) {
      differences.push({
        kind: verdict.kind,
        detail: `${what} ${verdict.why}.`,
        transactionHash: hash,
        userId: attempt?.userId ?? null,
        amount,
      });
      continue;
    }
    paidOnce.add(attempt!.withdrawalId);
    matched += 1;
  }
  return {
    checked: true,
    note: `USDT transfers out of the hot wallet in blocks ${from}-${to}, each against the approved withdrawal it paid.`,
    ...range,
    transfers: transfers.length,
    matched,
  };
}

/**
 * Whether a transfer with an attempt's hash pays its request as approved (null: it does). An
 * attempt of an approved request that is not the hash it was approved with, or a second transfer
 * for a request already matched, paid it twice.
 */
function judge(
  attempt: q.PayoutAttemptMatch,
  hash: string,
  to: string,
  amountMicro: bigint,
  paidOnce: ReadonlySet<string>,
): { kind: 'OUTFLOW_UNMATCHED' | 'OUTFLOW_DUPLICATE'; why: string } | null {
  const request = `withdrawal ${attempt.withdrawalId}`;
  const unmatched = (why: string) => ({ kind: 'OUTFLOW_UNMATCHED' as const, why });
  if (attempt.kind !== 'PAYOUT')
    return unmatched(`is the cancellation of ${request}, yet it moved USDT`);
  if (attempt.status !== 'APPROVED')
    return unmatched(`paid ${request}, which is ${attempt.status}`);
  if (to.toLowerCase() !== attempt.walletAddress.toLowerCase())
    return unmatched(`went elsewhere than ${request}'s address ${attempt.walletAddress}`);
  if (amountMicro !== BigInt(attempt.amountMicro))
    return unmatched(
      `is not ${request}'s amount of ${toUsdt(BigInt(attempt.amountMicro)).toFixed(2)} USDT`,
    );
  if (attempt.paidBy !== hash || paidOnce.has(attempt.withdrawalId))
    return {
      kind: 'OUTFLOW_DUPLICATE',
      why: `pays ${request} a second time (it is approved with ${attempt.paidBy ?? 'no hash'})`,
    };
  return null;
}

/**
 * The differences to mail: outflow differences already in the newest saved report were alerted
 * then and are not mailed again (they stay on the page); every other kind is mailed as before.
 */
export async function toAlert(
  db: Db,
  differences: readonly ReconciliationDifference[],
): Promise<ReconciliationDifference[]> {
  const alerted = await q.lastAlertedOutflows(db);
  return differences.filter(
    (d) => !d.kind.startsWith('OUTFLOW_') || !alerted.has(`${d.kind}:${d.transactionHash ?? ''}`),
  );
}
