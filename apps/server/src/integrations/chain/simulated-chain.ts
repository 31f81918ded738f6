import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, numberToHex, padHex, toEventSelector } from 'viem';

/**
 * A simulated BNB Smart Chain that speaks Ethereum JSON-RPC over HTTP: enough of it for the
 * payment watcher (blocks, the `finalized` tag, USDT Transfer logs with address and topic
 * filters), for the treasury (the token's `balanceOf`, `eth_getBalance`, JSON-RPC batches; no
 * Multicall3, as on a chain without it) and for the start's identity check (eth_chainId, eth_getCode, the token's
 * `decimals()` through eth_call). Demo mode and tests send "payments" with `transfer()`; the watcher reads them through
 * the same viem client it uses against a real node.
 */

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
const ZERO_HASH = `0x${'0'.repeat(64)}`;
const DECIMALS_SELECTOR = '0x313ce567';
const BALANCE_OF_SELECTOR = '0x70a08231';
/** What eth_getCode answers for the token: some runtime code (an address without code: 0x). */
const TOKEN_CODE = '0x6080604052348015600f57600080fd5b50';

interface SimLog {
  address: string;
  topics: string[];
  data: string;
  transactionHash: string;
  logIndex: number;
}

interface SimBlock {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
  logs: SimLog[];
}

type RpcRequest = { id?: unknown; method?: string; params?: unknown[] };

export interface SimulatedChainOptions {
  usdtContract: string;
  /** What eth_chainId answers (CHAIN_ID; BSC's 56 by default). */
  chainId?: number;
  /** What the token's decimals() answers (BSC's USDT: 18). */
  tokenDecimals?: number;
  /** Blocks behind the head that count as final (BSC: about 2). */
  finalityDepth?: number;
  /** Without the `finalized` tag the watcher falls back to head - CHAIN_CONFIRMATIONS. */
  supportsFinalizedTag?: boolean;
}

export class SimulatedChain {
  private readonly blocks: SimBlock[] = [];
  private server: Server | null = null;
  private readonly usdt: string;
  private readonly finalityDepth: number;
  /**
   * JSON-RPC requests answered so far by method, what a caller costs the node
   * (`eth_getBlockByNumber` is counted with its tag, e.g. `:finalized`).
   */
  readonly rpcByMethod = new Map<string, number>();
  /** The token's balances (token units), moved by `transfer`. */
  private readonly tokenBalances = new Map<string, bigint>();
  /** The native coin (wei) by address: set by tests. */
  private readonly nativeBalances = new Map<string, bigint>();
  /**
   * Fault mode: how many more eth_calls are answered before every later one fails with an
   * internal error, as a node that falls over mid-scan (null: never).
   */
  ethCallsBeforeFailure: number | null = null;

  constructor(private readonly options: SimulatedChainOptions) {
    this.usdt = getAddress(options.usdtContract);
    this.finalityDepth = options.finalityDepth ?? 2;
    this.blocks.push({
      number: 0,
      hash: randomHash(),
      parentHash: ZERO_HASH,
      timestamp: now(),
      logs: [],
    });
  }

  get head(): number {
    return this.blocks.length - 1;
  }

  /** Mines `count` empty blocks. */
  mine(count = 1): void {
    for (let i = 0; i < count; i++) this.appendBlock([]);
  }

  /** Mines a block holding one USDT transfer of `amount` (token units); returns its tx hash. */
  transfer(
    to: string,
    amount: bigint,
    from = '0x00000000000000000000000000000000000000aa',
  ): string {
    const transactionHash = randomHash();
    const key = (a: string) => a.toLowerCase();
    this.tokenBalances.set(key(to), (this.tokenBalances.get(key(to)) ?? 0n) + amount);
    this.appendBlock([
      {
        address: this.usdt,
        topics: [
          TRANSFER_TOPIC,
          padHex(getAddress(from).toLowerCase() as `0x${string}`, { size: 32 }),
          padHex(getAddress(to).toLowerCase() as `0x${string}`, { size: 32 }),
        ],
        data: padHex(numberToHex(amount), { size: 32 }),
        transactionHash,
        logIndex: 0,
      },
    ]);
    return transactionHash;
  }

  /** Sets the native coin (wei) an address holds. */
  setNativeBalance(address: string, wei: bigint): void {
    this.nativeBalances.set(address.toLowerCase(), wei);
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        let answer: unknown;
        try {
          const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
          answer = Array.isArray(parsed) ? parsed.map((r) => this.answer(r)) : this.answer(parsed);
        } catch {
          answer = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    return `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private appendBlock(logs: SimLog[]): void {
    const parent = this.blocks[this.blocks.length - 1]!;
    this.blocks.push({
      number: parent.number + 1,
      hash: randomHash(),
      parentHash: parent.hash,
      timestamp: now(),
      logs,
    });
  }

  /** JSON-RPC requests answered so far, every method. */
  get rpcRequests(): number {
    let total = 0;
    for (const n of this.rpcByMethod.values()) total += n;
    return total;
  }

  private answer(request: RpcRequest): unknown {
    const tag = request.method === 'eth_getBlockByNumber' ? `:${String(request.params?.[0])}` : '';
    const method = request.method + tag;
    this.rpcByMethod.set(method, (this.rpcByMethod.get(method) ?? 0) + 1);
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id: request.id ?? null, result });
    const fail = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id: request.id ?? null,
      error: { code, message },
    });
    const params = request.params ?? [];
    switch (request.method) {
      case 'eth_chainId':
        return reply(numberToHex(this.options.chainId ?? 56));
      case 'eth_getCode':
        return reply(this.isToken(params[0]) ? TOKEN_CODE : '0x');
      case 'eth_call': {
        const call = (params[0] ?? {}) as { to?: unknown; data?: unknown; input?: unknown };
        // A call to an address without code succeeds with no data, as on a real node.
        if (!this.isToken(call.to)) return reply('0x');
        const input = call.data ?? call.input;
        const data = typeof input === 'string' ? input.toLowerCase() : '';
        if (this.ethCallsBeforeFailure !== null) {
          if (this.ethCallsBeforeFailure <= 0) return fail(-32603, 'internal error');
          this.ethCallsBeforeFailure -= 1;
        }
        if (data.startsWith(BALANCE_OF_SELECTOR) && data.length === 74)
          return reply(
            padHex(numberToHex(this.tokenBalances.get(`0x${data.slice(34)}`) ?? 0n), { size: 32 }),
          );
        if (!data.startsWith(DECIMALS_SELECTOR)) return fail(3, 'execution reverted');
        return reply(padHex(numberToHex(this.options.tokenDecimals ?? 18), { size: 32 }));
      }
      case 'eth_getBalance':
        return reply(
          numberToHex(
            this.nativeBalances.get(typeof params[0] === 'string' ? params[0].toLowerCase() : '') ??
              0n,
          ),
        );
      case 'eth_blockNumber':
        return reply(numberToHex(this.head));
      case 'eth_getBlockByNumber': {
        const number = this.resolveTag(params[0]);
        if (number === 'unsupported') return fail(-32602, 'unsupported block tag');
        const block = number === null ? undefined : this.blocks[number];
        return reply(block ? this.blockJson(block) : null);
      }
      case 'eth_getLogs': {
        const filter = (params[0] ?? {}) as {
          address?: string | string[];
          topics?: (string | string[] | null)[];
          fromBlock?: string;
          toBlock?: string;
        };
        const from = this.resolveTag(filter.fromBlock ?? 'latest');
        const to = this.resolveTag(filter.toBlock ?? 'latest');
        if (from === 'unsupported' || to === 'unsupported' || from === null || to === null)
          return fail(-32602, 'bad block range');
        return reply(this.logs(filter, from, Math.min(to, this.head)));
      }
      default:
        return fail(-32601, `method ${request.method ?? '?'} not supported by the simulated chain`);
    }
  }

  private isToken(address: unknown): boolean {
    return typeof address === 'string' && address.toLowerCase() === this.usdt.toLowerCase();
  }

  private resolveTag(tag: unknown): number | null | 'unsupported' {
    if (tag === 'latest' || tag === 'pending') return this.head;
    if (tag === 'earliest') return 0;
    if (tag === 'finalized' || tag === 'safe') {
      if (this.options.supportsFinalizedTag === false) return 'unsupported';
      return Math.max(0, this.head - this.finalityDepth);
    }
    if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) {
      const n = Number.parseInt(tag, 16);
      return n <= this.head ? n : null;
    }
    return 'unsupported';
  }

  private logs(
    filter: { address?: string | string[]; topics?: (string | string[] | null)[] },
    from: number,
    to: number,
  ) {
    const addresses =
      filter.address === undefined
        ? null
        : (Array.isArray(filter.address) ? filter.address : [filter.address]).map((a) =>
            a.toLowerCase(),
          );
    const matchesTopic = (log: SimLog, i: number) => {
      const wanted = filter.topics?.[i];
      if (wanted === undefined || wanted === null) return true;
      const options = (Array.isArray(wanted) ? wanted : [wanted]).map((t) => t.toLowerCase());
      return options.includes((log.topics[i] ?? '').toLowerCase());
    };
    const out = [];
    for (let n = from; n <= to; n++) {
      const block = this.blocks[n]!;
      for (const log of block.logs) {
        if (addresses && !addresses.includes(log.address.toLowerCase())) continue;
        if (![0, 1, 2, 3].every((i) => matchesTopic(log, i))) continue;
        out.push({
          address: log.address,
          topics: log.topics,
          data: log.data,
          blockNumber: numberToHex(block.number),
          blockHash: block.hash,
          transactionHash: log.transactionHash,
          transactionIndex: '0x0',
          logIndex: numberToHex(log.logIndex),
          removed: false,
        });
      }
    }
    return out;
  }

  private blockJson(block: SimBlock) {
    return {
      number: numberToHex(block.number),
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: numberToHex(block.timestamp),
      nonce: '0x0000000000000000',
      difficulty: '0x0',
      gasLimit: numberToHex(140_000_000),
      gasUsed: '0x0',
      miner: '0x0000000000000000000000000000000000000000',
      extraData: '0x',
      logsBloom: `0x${'0'.repeat(512)}`,
      sha3Uncles: ZERO_HASH,
      stateRoot: ZERO_HASH,
      receiptsRoot: ZERO_HASH,
      transactionsRoot: ZERO_HASH,
      size: '0x200',
      baseFeePerGas: '0x0',
      totalDifficulty: '0x0',
      transactions: [],
      uncles: [],
    };
  }
}

function randomHash(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
