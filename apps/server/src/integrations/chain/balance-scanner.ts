import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  multicall3Abi,
  parseAbi,
  type Hex,
} from 'viem';
import { tokenAmountToMicroUsdt } from './chain-reader';
import { faultKind } from './rpc-errors';

/**
 * USDT balances of many addresses at once, within a provider's limits (decision 046): through
 * Multicall3's `aggregate3` where the chain has it (one eth_call reads a whole batch), else
 * JSON-RPC batch requests of eth_call. Requests are paced to a budget per second (a batch costs
 * one request per call in it, as hosted providers count them), a bounded number are in flight,
 * and a failed request is retried with a growing pause. A batch that still fails stops the scan:
 * nothing is guessed, the caller keeps the last good values.
 */

/** Multicall3, deployed at the same address on BNB Smart Chain and most EVM chains. */
export const MULTICALL3_ADDRESS: Hex = '0xcA11bde05977b3631167028862bE2a173976CA11';

const ERC20 = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

export type ScanMethod = 'multicall' | 'batch';

export interface BalanceScannerOptions {
  rpcUrl: string;
  usdtContract: string;
  /** The token's decimals, as its contract answered at start (chain-identity.ts). */
  tokenDecimals: number;
  /** TREASURY_RPC_PER_SECOND: requests (calls) per second, all of this scanner's together. */
  requestsPerSecond: number;
  /** TREASURY_RPC_CONCURRENCY: requests in flight at once. */
  concurrency: number;
  /** TREASURY_SCAN_BATCH: addresses per request. */
  batchSize: number;
  /** Per request. */
  timeoutMs?: number;
  /** Tries per batch before the scan stops (first try included). */
  attempts?: number;
  /** Tests: how a pause is waited. */
  sleep?: (ms: number) => Promise<void>;
}

export interface AddressBalance {
  /** Lower-cased. */
  address: string;
  micro: bigint;
}

/** A JSON-RPC or HTTP failure, shaped as rpc-errors.ts reads errors (code, status, details). */
export class RpcCallError extends Error {
  override name = 'RpcCallError';
  constructor(
    readonly details: string,
    readonly code?: number,
    readonly status?: number,
    /** Seconds the provider asked us to wait (Retry-After), if it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(details);
  }
}

/** Spaces requests evenly: `take(n)` waits until n more fit in the budget per second. */
export class RequestPace {
  private next = 0;
  private readonly spacingMs: number;

  constructor(
    perSecond: number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.spacingMs = 1000 / perSecond;
  }

  async take(requests: number): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.next);
    this.next = start + requests * this.spacingMs;
    if (start > now) await this.sleep(start - now);
  }
}

type RpcAnswer = { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class BalanceScanner {
  private readonly usdt: Hex;
  private readonly pace: RequestPace;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Requests (calls) sent so far, retries included. */
  requests = 0;

  constructor(private readonly options: BalanceScannerOptions) {
    this.usdt = getAddress(options.usdtContract);
    this.sleep = options.sleep ?? defaultSleep;
    this.pace = new RequestPace(options.requestsPerSecond, this.sleep);
  }

  /** Multicall3 where the chain has its code, else JSON-RPC batches. */
  async method(): Promise<ScanMethod> {
    const code = await this.retried(() => this.call('eth_getCode', [MULTICALL3_ADDRESS, 'latest']));
    return typeof code === 'string' && code.length > 2 ? 'multicall' : 'batch';
  }

  /** The native coin (BNB) held by `address`, in wei. */
  async nativeBalance(address: string): Promise<bigint> {
    const result = await this.retried(() =>
      this.call('eth_getBalance', [getAddress(address), 'latest']),
    );
    if (typeof result !== 'string') throw new RpcCallError('eth_getBalance answered no quantity');
    return hexToBigInt(result as Hex);
  }

  /**
   * Reads every address's USDT in batches, `concurrency` at a time, handing each batch to
   * `onBatch` as it is read (in no particular order). Throws the first batch that failed every
   * try, once the batches in flight have ended: the batches handed over stay good.
   */
  async scan(
    addresses: readonly string[],
    method: ScanMethod,
    onBatch: (balances: AddressBalance[]) => Promise<void>,
  ): Promise<void> {
    const { batchSize, concurrency } = this.options;
    let nextStart = 0;
    // An object, so the workers' writes are seen after they end (a `let` would read as null).
    const stopped: { failure: Error | null } = { failure: null };
    const worker = async () => {
      while (stopped.failure === null && nextStart < addresses.length) {
        const chunk = addresses.slice(nextStart, nextStart + batchSize);
        nextStart += batchSize;
        try {
          const balances = await this.retried(() =>
            method === 'multicall' ? this.viaMulticall(chunk) : this.viaBatch(chunk),
          );
          await onBatch(balances);
        } catch (err) {
          stopped.failure ??= err instanceof Error ? err : new Error(String(err));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (stopped.failure !== null) throw stopped.failure;
  }

  /** USDT of a few addresses (the hot wallet, treasury addresses), one batch. */
  async balancesOf(addresses: readonly string[], method: ScanMethod): Promise<AddressBalance[]> {
    const all: AddressBalance[] = [];
    await this.scan(addresses, method, async (balances) => void all.push(...balances));
    return all;
  }

  private async viaMulticall(chunk: readonly string[]): Promise<AddressBalance[]> {
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [
        chunk.map((address) => ({
          target: this.usdt,
          allowFailure: true,
          callData: this.balanceOfData(address),
        })),
      ],
    });
    const result = await this.call('eth_call', [{ to: MULTICALL3_ADDRESS, data }, 'latest']);
    if (typeof result !== 'string' || result === '0x')
      throw new RpcCallError('aggregate3 answered no data');
    const results = decodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      data: result as Hex,
    });
    if (results.length !== chunk.length)
      throw new RpcCallError(`aggregate3 answered ${results.length} results for ${chunk.length}`);
    return chunk.map((address, i) => {
      const { success, returnData } = results[i]!;
      if (!success || returnData.length !== 66)
        throw new RpcCallError(`balanceOf(${address}) failed inside aggregate3`);
      return this.balance(address, returnData);
    });
  }

  private async viaBatch(chunk: readonly string[]): Promise<AddressBalance[]> {
    const body = chunk.map((address, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [{ to: this.usdt, data: this.balanceOfData(address) }, 'latest'],
    }));
    const answers = await this.post(body, chunk.length);
    if (!Array.isArray(answers)) throw this.errorOf(answers as RpcAnswer, 'a batch');
    const byId = new Map((answers as RpcAnswer[]).map((a) => [a.id, a] as const));
    return chunk.map((address, id) => {
      const answer = byId.get(id);
      if (!answer) throw new RpcCallError(`the batch answered nothing for ${address}`);
      if (answer.error || typeof answer.result !== 'string' || answer.result.length !== 66)
        throw this.errorOf(answer, `balanceOf(${address})`);
      return this.balance(address, answer.result as Hex);
    });
  }

  private balanceOfData(address: string): Hex {
    return encodeFunctionData({
      abi: ERC20,
      functionName: 'balanceOf',
      args: [getAddress(address)],
    });
  }

  private balance(address: string, word: Hex): AddressBalance {
    return {
      address: address.toLowerCase(),
      micro: tokenAmountToMicroUsdt(hexToBigInt(word), this.options.tokenDecimals),
    };
  }

  /** One JSON-RPC call; its result, or the node's error. */
  private async call(method: string, params: unknown[]): Promise<unknown> {
    const answer = (await this.post({ jsonrpc: '2.0', id: 1, method, params }, 1)) as RpcAnswer;
    if (answer.error || !('result' in answer)) throw this.errorOf(answer, method);
    return answer.result;
  }

  private errorOf(answer: RpcAnswer | null, what: string): RpcCallError {
    const error = answer?.error;
    const code = typeof error?.code === 'number' ? error.code : undefined;
    const message = typeof error?.message === 'string' ? error.message : 'no result';
    return new RpcCallError(`${what}: ${message}`, code);
  }

  /** POSTs a request (or a batch of `calls`), within the budget. */
  private async post(body: unknown, calls: number): Promise<unknown> {
    await this.pace.take(calls);
    this.requests += calls;
    const response = await fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new RpcCallError(
        `HTTP ${response.status}: ${text.slice(0, 200)}`,
        undefined,
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RpcCallError(`the node answered no JSON: ${text.slice(0, 200)}`);
    }
  }

  /**
   * Tries `read` up to `attempts` times: after a failure, waits 0.5 s, 1 s, 2 s… (a rate limit:
   * at least what the provider asked, else 2 s, 4 s…), with a little jitter so workers that
   * failed together do not come back together.
   */
  private async retried<T>(read: () => Promise<T>): Promise<T> {
    const attempts = this.options.attempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        if (attempt >= attempts) throw err;
        const limited = faultKind(err) === 'rate_limited';
        const base = (limited ? 2000 : 500) * 2 ** (attempt - 1);
        const asked = err instanceof RpcCallError ? (err.retryAfterSeconds ?? 0) * 1000 : 0;
        await this.sleep(Math.max(base, asked) * (1 + Math.random() * 0.2));
      }
    }
  }
}
