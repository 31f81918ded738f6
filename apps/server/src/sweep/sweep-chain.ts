import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseAbi,
  type Hex,
  type PublicClient,
} from 'viem';
import { probeChainIdentity } from '../integrations/chain/chain-identity';
import { MAX_TOKEN_DECIMALS, MIN_TOKEN_DECIMALS } from '../integrations/chain/chain-identity';
import { errorText, PayoutChain } from '../integrations/chain/payout-wallet';

/**
 * The sweep's view of the chain: one JSON-RPC endpoint given by flag (never the server's
 * configuration). Reads of many addresses go out as JSON-RPC batches (one HTTP request per
 * BATCH_SIZE calls), which every node software accepts, multicall or not.
 */

const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const BATCH_SIZE = 200;

/** A node error or a chain that is not the one asked for: the run stops with this line. */
export class SweepChainError extends Error {
  override name = 'SweepChainError';
}

export interface SweepChainOptions {
  rpcUrl: string;
  token: `0x${string}`;
  chainId: number;
  timeoutMs?: number;
}

export class SweepChain {
  readonly client: PublicClient;
  /** The keyless payout side: receipts, nonces, broadcasts of stored bytes (payout-wallet.ts). */
  readonly payouts: PayoutChain;

  private constructor(
    private readonly options: SweepChainOptions,
    readonly decimals: number,
  ) {
    this.client = createPublicClient({
      transport: http(options.rpcUrl, {
        batch: { batchSize: BATCH_SIZE },
        retryCount: 1,
        timeout: options.timeoutMs ?? 20_000,
      }),
      cacheTime: 0,
    });
    this.payouts = new PayoutChain({
      rpcUrl: options.rpcUrl,
      usdtContract: options.token,
      tokenDecimals: decimals,
      timeoutMs: options.timeoutMs,
    });
  }

  /**
   * Connects after checking, in this order, eth_chainId against --chain-id, the token's code
   * and its decimals() (6 to 18, decision 035); any other answer is one line.
   */
  static async connect(options: SweepChainOptions): Promise<SweepChain> {
    const probe = await probeChainIdentity(options.rpcUrl, options.token, options.timeoutMs);
    const { errors } = probe;
    if (probe.chainId === null)
      throw new SweepChainError(
        `--rpc: the node does not answer eth_chainId (${errors.chainId ?? 'no answer'})`,
      );
    if (probe.chainId !== options.chainId)
      throw new SweepChainError(
        `--chain-id: the node at --rpc answers chain id ${probe.chainId}, not ${options.chainId}`,
      );
    if (probe.tokenHasCode === null)
      throw new SweepChainError(
        `--rpc: the node does not answer eth_getCode (${errors.tokenCode ?? 'no answer'})`,
      );
    if (!probe.tokenHasCode)
      throw new SweepChainError(
        `--token: ${options.token} has no contract code on chain ${probe.chainId}`,
      );
    if (probe.decimals === null)
      throw new SweepChainError(
        `--token: decimals() of ${options.token} failed (${errors.decimals ?? 'no answer'})`,
      );
    if (probe.decimals < MIN_TOKEN_DECIMALS || probe.decimals > MAX_TOKEN_DECIMALS)
      throw new SweepChainError(
        `--token: decimals() of ${options.token} answered ${probe.decimals}, not ${MIN_TOKEN_DECIMALS} to ${MAX_TOKEN_DECIMALS}`,
      );
    return new SweepChain(options, Number(probe.decimals));
  }

  /** The token units each address holds (batched). */
  async tokenBalances(addresses: readonly `0x${string}`[]): Promise<bigint[]> {
    return this.read('balanceOf', () =>
      Promise.all(
        addresses.map((address) =>
          this.client.readContract({
            address: this.options.token,
            abi: ERC20,
            functionName: 'balanceOf',
            args: [address],
          }),
        ),
      ),
    );
  }

  /** The native coin (BNB, wei) each address holds (batched). */
  async nativeBalances(addresses: readonly `0x${string}`[]): Promise<bigint[]> {
    return this.read('eth_getBalance', () =>
      Promise.all(addresses.map((address) => this.client.getBalance({ address }))),
    );
  }

  async gasPrice(): Promise<bigint> {
    return this.read('eth_gasPrice', () => this.client.getGasPrice());
  }

  /** The call data of a transfer of `amount` token units to `to`. */
  transferData(to: `0x${string}`, amount: bigint): Hex {
    return encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [to, amount] });
  }

  /**
   * The node's gas estimate of each sweep (`from` sends `amount` to `to`), batched. Asked
   * without a gas price, so an address holding no BNB yet can be estimated.
   */
  async transferGas(
    sweeps: readonly { from: `0x${string}`; amount: bigint }[],
    to: `0x${string}`,
  ): Promise<bigint[]> {
    return this.read('eth_estimateGas', () =>
      Promise.all(
        sweeps.map(({ from, amount }) =>
          this.client.estimateGas({
            account: from,
            to: this.options.token,
            data: this.transferData(to, amount),
          }),
        ),
      ),
    );
  }

  /** The next nonce of `address`, counting transactions in the node's pool. */
  async pendingNonce(address: `0x${string}`): Promise<number> {
    return this.read('eth_getTransactionCount', () =>
      this.client.getTransactionCount({ address, blockTag: 'pending' }),
    );
  }

  /** Runs a read; a node error becomes one line naming the call. */
  private async read<T>(call: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new SweepChainError(`--rpc: ${call} failed (${errorText(err)})`);
    }
  }
}
