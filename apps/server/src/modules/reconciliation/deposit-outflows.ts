import type { ReconciliationDifference, ReconciliationReport } from '@ctn/contracts/reconciliation';
import type { Db } from '../../db/client';
import type { ChainReader, UsdtTransfer } from '../../integrations/chain/chain-reader';
import type { Logger } from '../../lib/logger';
import { toUsdt } from '../../lib/money';
import { fundedDepositAddresses } from './deposit-outflows.queries';
import type { DepositOwner } from './reconciliation.queries';

/**
 * USDT leaving deposit addresses (decision 047). The deposit seed is offline and only
 * `npm run sweep` signs for these addresses, so every outflow must be a sweep to one of the
 * configured destinations (SWEEP_DESTINATIONS, or the hot wallet): those are listed, so the
 * chain part's incoming total and the destinations' holdings are explained; any other outflow
 * means the seed signed something nobody planned, and is a difference (alerted with the report).
 *
 * Read by sender (topic 1) over the addresses that ever received USDT, in the chain part's
 * blocks, 200 addresses per eth_getLogs as the watcher reads by recipient: reading only the
 * transfers to the destinations would be cheaper but blind to exactly the outflow that matters.
 */

export type SweepsPart = NonNullable<ReconciliationReport['sweeps']>;

export interface OutflowDeps {
  db: Db;
  chain: ChainReader;
  log: Logger;
  /** Lower-cased: SWEEP_DESTINATIONS and the hot wallet. */
  destinations: readonly string[];
}

export interface OutflowWindow {
  fromBlock: bigint;
  toBlock: bigint;
  /** Every deposit address (lower-cased) with its member. */
  owners: Map<string, DepositOwner>;
  /** Transfers into deposit addresses the chain part read in these blocks. */
  incoming: readonly UsdtTransfer[];
}

const usdt = (micro: bigint) => toUsdt(micro);

/** The sweeps part of the report; unknown outflows are pushed to `differences`. */
export async function depositOutflows(
  deps: OutflowDeps,
  differences: ReconciliationDifference[],
  window: OutflowWindow | null,
): Promise<SweepsPart> {
  const destinations = [...new Set(deps.destinations.map((d) => d.toLowerCase()))];
  const empty = { destinations, transfers: [], total: 0 };
  if (!window)
    return {
      checked: false,
      note: 'The chain part was not read, so neither were sweeps.',
      ...empty,
    };
  const { fromBlock, toBlock, owners } = window;
  const senders = new Set(await fundedDepositAddresses(deps.db));
  for (const t of window.incoming) senders.add(t.to.toLowerCase());
  let outflows: UsdtTransfer[];
  try {
    outflows = (await deps.chain.transfersFrom([...senders], fromBlock, toBlock)).filter(
      (t) => !t.removed,
    );
  } catch (err) {
    deps.log.warn({ err }, 'reconciliation: outflows of deposit addresses could not be read');
    return {
      checked: false,
      note: `Transfers out of deposit addresses in blocks ${fromBlock}-${toBlock} could not be read.`,
      ...empty,
    };
  }
  const known = new Set(destinations);
  const transfers: SweepsPart['transfers'] = [];
  let total = 0n;
  for (const t of outflows) {
    const owner = owners.get(t.from.toLowerCase());
    if (known.has(t.to.toLowerCase())) {
      total += t.amountMicro;
      transfers.push({
        transactionHash: t.txHash.toLowerCase(),
        blockNumber: Number(t.blockNumber),
        from: t.from,
        userId: owner?.userNumber ?? null,
        to: t.to,
        amount: usdt(t.amountMicro),
      });
      continue;
    }
    differences.push({
      kind: 'DEPOSIT_OUTFLOW_UNKNOWN',
      detail: `${usdt(t.amountMicro).toFixed(2)} USDT left the deposit address ${t.from} (member ${owner?.userNumber ?? '?'}) for ${t.to}, which is not a sweep destination, in block ${t.blockNumber}.`,
      transactionHash: t.txHash.toLowerCase(),
      userId: owner?.userId ?? null,
      amount: usdt(t.amountMicro),
    });
  }
  return {
    checked: true,
    note:
      destinations.length === 0
        ? `Blocks ${fromBlock}-${toBlock}. No sweep destination is configured (SWEEP_DESTINATIONS): any outflow is a difference.`
        : `Blocks ${fromBlock}-${toBlock}: transfers out of ${senders.size} funded deposit addresses.`,
    destinations,
    transfers,
    total: usdt(total),
  };
}
