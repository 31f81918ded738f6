import { createPublicClient, getAddress, http, parseAbiItem, type PublicClient } from 'viem';

/**
 * Reading USDT (BEP20) payments from any EVM JSON-RPC (DESIGN.md section 4 "Subscription"):
 * the last final block, and Transfer logs to our deposit addresses in a block range.
 */

export interface UsdtTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  from: string;
  to: string;
  /** The raw token amount (18 decimals on BSC). */
  amount: bigint;
  /** A log dropped by a reorganisation: never credit it. */
  removed: boolean;
}

export interface ChainReader {
  /** Which chain this is (chain id and genesis hash): scan positions are kept per chain. */
  chainIdentity(): Promise<string>;
  /** The newest block we treat as final: the node's `finalized` tag, else head - confirmations. */
  finalizedBlock(): Promise<bigint>;
  /** USDT Transfer logs to any of `to`, from `fromBlock` to `toBlock` inclusive. */
  transfersTo(to: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<UsdtTransfer[]>;
}

export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** Nodes limit the size of a topic filter: ask for this many addresses per call. */
const ADDRESSES_PER_CALL = 200;

export interface EvmChainReaderOptions {
  rpcUrl: string;
  usdtContract: string;
  confirmations: number;
}

export class EvmChainReader implements ChainReader {
  private readonly client: PublicClient;
  private readonly usdt: `0x${string}`;
  /** null until probed: does the node know the `finalized` tag? */
  private hasFinalizedTag: boolean | null = null;

  constructor(private readonly options: EvmChainReaderOptions) {
    // cacheTime 0: a watcher must never read a stale head.
    this.client = createPublicClient({
      transport: http(options.rpcUrl, { retryCount: 2 }),
      cacheTime: 0,
    });
    this.usdt = getAddress(options.usdtContract);
  }

  async chainIdentity(): Promise<string> {
    const [chainId, genesis] = await Promise.all([
      this.client.getChainId(),
      this.client.getBlock({ blockNumber: 0n }),
    ]);
    return `${chainId}:${genesis.hash}`;
  }

  async finalizedBlock(): Promise<bigint> {
    if (this.hasFinalizedTag !== false) {
      try {
        const block = await this.client.getBlock({ blockTag: 'finalized' });
        this.hasFinalizedTag = true;
        return block.number;
      } catch (err) {
        if (this.hasFinalizedTag === true) throw err;
        this.hasFinalizedTag = false;
      }
    }
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const final = head - BigInt(this.options.confirmations);
    return final < 0n ? 0n : final;
  }

  async transfersTo(
    to: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<UsdtTransfer[]> {
    const transfers: UsdtTransfer[] = [];
    for (let i = 0; i < to.length; i += ADDRESSES_PER_CALL) {
      const chunk = to.slice(i, i + ADDRESSES_PER_CALL).map((a) => getAddress(a));
      const logs = await this.client.getLogs({
        address: this.usdt,
        event: TRANSFER_EVENT,
        args: { to: chunk },
        fromBlock,
        toBlock,
      });
      for (const log of logs) {
        if (log.transactionHash === null || log.logIndex === null || log.blockNumber === null)
          continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          from: getAddress(log.args.from ?? '0x0000000000000000000000000000000000000000'),
          to: getAddress(log.args.to ?? '0x0000000000000000000000000000000000000000'),
          amount: log.args.value ?? 0n,
          removed: log.removed,
        });
      }
    }
    return transfers.sort((a, b) =>
      a.blockNumber === b.blockNumber
        ? a.logIndex - b.logIndex
        : a.blockNumber < b.blockNumber
          ? -1
          : 1,
    );
  }
}

const WEI_PER_MICRO = 10n ** 12n;

/**
 * An 18-decimal token amount in micro-USDT, exactly: integer division, no floating point.
 * Anything below one micro-USDT (1e-6) is dust and is not credited.
 */
export function tokenAmountToMicroUsdt(amount: bigint, decimals = 18): bigint {
  if (decimals < 6) return amount * 10n ** BigInt(6 - decimals);
  return decimals === 18 ? amount / WEI_PER_MICRO : amount / 10n ** BigInt(decimals - 6);
}
