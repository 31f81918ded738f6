import {
  createPublicClient,
  encodeEventTopics,
  getAddress,
  hexToBigInt,
  hexToNumber,
  http,
  numberToHex,
  pad,
  parseAbiItem,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { chainIdentityKey } from './chain-identity';
import { isRangeLimitError, isUnsupportedTagError } from './rpc-errors';

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
  /** The raw token amount, in units of the token's decimals (read from the contract at start). */
  amount: bigint;
  /** The same amount in micro-USDT (below one micro-USDT: dust, not credited). */
  amountMicro: bigint;
  /** A log dropped by a reorganisation: never credit it. */
  removed: boolean;
}

export interface ChainReader {
  /** The token's decimals (read from the contract at start): units <-> micro-USDT. */
  readonly tokenDecimals: number;
  /** Which chain this is (chain id and genesis hash): scan positions are kept per chain. */
  chainIdentity(): Promise<string>;
  /** The newest block we treat as final: the node's `finalized` tag, else head - confirmations. */
  finalizedBlock(): Promise<bigint>;
  /** The node's newest block (a final block that stops following it is a stalled node). */
  headBlock(): Promise<bigint>;
  /**
   * USDT Transfer logs to any of `to`, from `fromBlock` to `toBlock` inclusive. Throws rather
   * than answering less: a range it could not read, or a log it could not parse, is an error.
   */
  transfersTo(to: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<UsdtTransfer[]>;
  /**
   * USDT Transfer logs from any of `from` (outflows of deposit addresses: sweeps, decision
   * 047), read and checked as `transfersTo` reads its own.
   */
  transfersFrom(
    from: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<UsdtTransfer[]>;
}

export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const TRANSFER_TOPIC = encodeEventTopics({ abi: [TRANSFER_EVENT], eventName: 'Transfer' })[0];

/** Nodes limit the size of a topic filter: ask for this many addresses per call. */
const ADDRESSES_PER_CALL = 200;
/** Without the `finalized` tag, ask again this often: a node upgrade brings it. */
const TAG_REPROBE_MS = 10 * 60_000;
/** After this many ranges read at a halved size, try a doubled one again. */
const GROW_AFTER_SUCCESSES = 50;

export interface EvmChainReaderOptions {
  rpcUrl: string;
  usdtContract: string;
  /** The token's decimals, as its contract answered at start (chain-identity.ts). */
  tokenDecimals: number;
  /** head - confirmations is final on nodes that do not know the `finalized` tag. */
  confirmations: number;
  /** The most blocks asked for in one eth_getLogs (CHAIN_LOG_RANGE); halved on a range error. */
  logRange?: number;
  /** How long one JSON-RPC call may take. */
  timeoutMs?: number;
}

/** A log the node sent that is not a well-formed USDT Transfer: the range is not trusted. */
export class MalformedLogError extends Error {
  constructor(detail: string) {
    super(`malformed log from the node: ${detail}`);
    this.name = 'MalformedLogError';
  }
}

interface RawLog {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
  blockNumber?: unknown;
  transactionHash?: unknown;
  logIndex?: unknown;
  removed?: unknown;
}

export class EvmChainReader implements ChainReader {
  private readonly client: PublicClient;
  private readonly usdt: `0x${string}`;
  private readonly maxRange: bigint;
  /** The range that works with this provider: starts at CHAIN_LOG_RANGE, halved on refusals. */
  private range: bigint;
  private successesAtRange = 0;
  /** null until probed; a time when the node last said it has no `finalized` tag. */
  private tagUnsupportedAt: number | null = null;

  constructor(private readonly options: EvmChainReaderOptions) {
    // cacheTime 0: a watcher must never read a stale head.
    this.client = createPublicClient({
      transport: http(options.rpcUrl, { retryCount: 2, timeout: options.timeoutMs ?? 10_000 }),
      cacheTime: 0,
    });
    this.usdt = getAddress(options.usdtContract);
    this.maxRange = BigInt(Math.max(1, options.logRange ?? 500));
    this.range = this.maxRange;
  }

  get tokenDecimals(): number {
    return this.options.tokenDecimals;
  }

  /** The eth_getLogs range in use now (for tests and diagnostics). */
  get currentLogRange(): bigint {
    return this.range;
  }

  async chainIdentity(): Promise<string> {
    const [chainId, genesis] = await Promise.all([
      this.client.getChainId(),
      this.client.getBlock({ blockNumber: 0n }),
    ]);
    return chainIdentityKey(chainId, genesis.hash);
  }

  async finalizedBlock(): Promise<bigint> {
    const reprobe =
      this.tagUnsupportedAt === null || Date.now() - this.tagUnsupportedAt >= TAG_REPROBE_MS;
    if (reprobe) {
      try {
        const block = await this.client.getBlock({ blockTag: 'finalized' });
        this.tagUnsupportedAt = null;
        return block.number;
      } catch (err) {
        // Only the node's word that it has no such tag allows the fallback: a timeout or a 429
        // says nothing about finality, and guessing there could credit an unfinal block.
        if (!isUnsupportedTagError(err)) throw err;
        this.tagUnsupportedAt = Date.now();
      }
    }
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const final = head - BigInt(this.options.confirmations);
    return final < 0n ? 0n : final;
  }

  /** The node's newest block (the watcher compares it with the final block to see a stall). */
  async headBlock(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  /**
   * Start-up check: the node answers eth_getLogs for the USDT contract. Throws with the reason
   * (a provider that disables eth_getLogs, as BNB's public endpoints do, cannot serve us).
   */
  async checkLogAccess(): Promise<void> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const from = head > 1n ? head - 1n : 0n;
    await this.getLogs([], from, head);
  }

  /**
   * One eth_getLogs over `fromBlock`..`toBlock` as the watcher asks it (the USDT contract, a
   * recipient filter), never split: the provider's own answer to that range (preflight). The
   * recipient is the zero address, which nothing pays, so the answer stays small on any chain.
   */
  async probeLogRange(fromBlock: bigint, toBlock: bigint): Promise<void> {
    await this.getLogs([zeroAddress], fromBlock, toBlock);
  }

  transfersTo(to: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<UsdtTransfer[]> {
    return this.transfersOf('to', to, fromBlock, toBlock);
  }

  transfersFrom(
    from: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<UsdtTransfer[]> {
    return this.transfersOf('from', from, fromBlock, toBlock);
  }

  /** Transfers whose sender (topic 1) or recipient (topic 2) is one of `addresses`. */
  private async transfersOf(
    side: 'from' | 'to',
    addresses: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<UsdtTransfer[]> {
    const transfers: UsdtTransfer[] = [];
    if (addresses.length === 0 || fromBlock > toBlock) return transfers;
    const checksummed = addresses.map((a) => getAddress(a));
    let start = fromBlock;
    while (start <= toBlock) {
      const end = start + this.range - 1n < toBlock ? start + this.range - 1n : toBlock;
      let logs: RawLog[];
      try {
        logs = [];
        for (let i = 0; i < checksummed.length; i += ADDRESSES_PER_CALL)
          logs.push(
            ...(await this.getLogs(checksummed.slice(i, i + ADDRESSES_PER_CALL), start, end, side)),
          );
      } catch (err) {
        const span = end - start + 1n;
        if (!isRangeLimitError(err) || span === 1n) throw err;
        // The provider caps ranges: halve what it refused and read the same blocks again, down
        // to one block (scans at the same time may have halved it already).
        const halved = span / 2n;
        if (halved < this.range) this.range = halved;
        this.successesAtRange = 0;
        continue;
      }
      for (const log of logs) transfers.push(this.parse(log, start, end));
      this.grewWell();
      start = end + 1n;
    }
    return transfers.sort((a, b) =>
      a.blockNumber === b.blockNumber
        ? a.logIndex - b.logIndex
        : a.blockNumber < b.blockNumber
          ? -1
          : 1,
    );
  }

  /** After a run of successes at a halved range, try twice the range again (up to the setting). */
  private grewWell(): void {
    if (this.range >= this.maxRange) return;
    this.successesAtRange += 1;
    if (this.successesAtRange < GROW_AFTER_SUCCESSES) return;
    this.range = this.range * 2n < this.maxRange ? this.range * 2n : this.maxRange;
    this.successesAtRange = 0;
  }

  private async getLogs(
    addresses: readonly string[],
    from: bigint,
    toBlock: bigint,
    side: 'from' | 'to' = 'to',
  ): Promise<RawLog[]> {
    const topics: (`0x${string}` | `0x${string}`[] | null)[] = [TRANSFER_TOPIC];
    const padded = addresses.map((a) => pad(a.toLowerCase() as `0x${string}`));
    if (addresses.length > 0) topics.push(...(side === 'to' ? [null, padded] : [padded]));
    const result: unknown = await this.client.request({
      method: 'eth_getLogs',
      params: [
        { address: this.usdt, topics, fromBlock: numberToHex(from), toBlock: numberToHex(toBlock) },
      ],
    });
    if (!Array.isArray(result)) throw new MalformedLogError('eth_getLogs answered no list');
    return result as RawLog[];
  }

  /** One raw log as a transfer, or MalformedLogError: nothing is guessed or skipped. */
  private parse(log: RawLog, from: bigint, to: bigint): UsdtTransfer {
    const fail = (what: string) => {
      throw new MalformedLogError(`${what} in ${JSON.stringify(log).slice(0, 300)}`);
    };
    const isHex = (v: unknown, bytes?: number): v is `0x${string}` =>
      typeof v === 'string' &&
      /^0x[0-9a-fA-F]*$/.test(v) &&
      (bytes === undefined || v.length === 2 + bytes * 2);
    if (!isHex(log.transactionHash, 32)) fail('transaction hash');
    if (!isHex(log.blockNumber) || (log.blockNumber as string).length < 3) fail('block number');
    if (!isHex(log.logIndex) || (log.logIndex as string).length < 3) fail('log index');
    if (!isHex(log.data, 32)) fail('amount');
    if (typeof log.address !== 'string' || log.address.toLowerCase() !== this.usdt.toLowerCase())
      fail('contract');
    const topics = log.topics;
    if (!Array.isArray(topics) || topics.length !== 3 || !topics.every((t) => isHex(t, 32)))
      fail('topics');
    const [signature, fromTopic, toTopic] = topics as `0x${string}`[];
    if (signature!.toLowerCase() !== TRANSFER_TOPIC.toLowerCase()) fail('event');
    const blockNumber = hexToBigInt(log.blockNumber as `0x${string}`);
    if (blockNumber < from || blockNumber > to) fail('block outside the range asked');
    const amount = hexToBigInt(log.data as `0x${string}`);
    return {
      txHash: log.transactionHash as string,
      logIndex: hexToNumber(log.logIndex as `0x${string}`),
      blockNumber,
      from: getAddress(`0x${fromTopic!.slice(26)}`),
      to: getAddress(`0x${toTopic!.slice(26)}`),
      amount,
      amountMicro: tokenAmountToMicroUsdt(amount, this.options.tokenDecimals),
      removed: log.removed === true,
    };
  }
}

/**
 * A token amount in micro-USDT, exactly: integer division, no floating point. Anything below one
 * micro-USDT (1e-6) is dust and is not credited.
 */
export function tokenAmountToMicroUsdt(amount: bigint, decimals: number): bigint {
  if (decimals < 6) return amount * 10n ** BigInt(6 - decimals);
  return amount / 10n ** BigInt(decimals - 6);
}

/** Micro-USDT in token units, exactly (decimals of at least 6: chain-identity.ts). */
export function microUsdtToTokenAmount(micro: bigint, decimals: number): bigint {
  if (decimals < 6) throw new RangeError(`a token of ${decimals} decimals cannot hold micro-USDT`);
  return micro * 10n ** BigInt(decimals - 6);
}
