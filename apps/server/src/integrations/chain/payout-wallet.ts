import type { ChainCheck } from '@ctn/contracts/withdrawals';
import { microUsdtToTokenAmount, tokenAmountToMicroUsdt } from './chain-reader';
import {
  BaseError,
  createPublicClient,
  decodeEventLog,
  encodeFunctionData,
  formatUnits,
  getAddress,
  http,
  keccak256,
  parseAbi,
  parseTransaction,
  recoverTransactionAddress,
  RpcRequestError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
  type TransactionSerialized,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { TRANSFER_EVENT } from './chain-reader';

/**
 * Payouts over any EVM JSON-RPC (DESIGN.md section 4 "Withdrawals"): the chain side that needs no
 * key (receipts, nonces, broadcasting stored bytes, checking a pasted hash) and the hot wallet
 * that signs USDT transfers offline. Signing and broadcasting are separate on purpose: the
 * caller stores the signed bytes before they leave the process, so a retry re-sends the same
 * transaction (same nonce) and can never pay twice.
 */

const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);
/** Headroom over the node's estimates: a stored transaction is re-sent as is, never re-priced. */
const GAS_MARGIN_PERCENT = 125n;
const GAS_PRICE_MARGIN_PERCENT = 120n;
/**
 * A USDT transfer to an address that held none writes a new balance slot: about 51,000 gas on
 * BSC's USDT. Assumed, with room, where no estimate can be made (a wallet without USDT).
 */
const FIRST_TRANSFER_GAS = 65_000n;

/** The gas and gas price a payout is signed with: the node's figures plus headroom. */
function withMargins(gas: bigint, gasPrice: bigint): { gas: bigint; gasPrice: bigint } {
  return {
    gas: (gas * GAS_MARGIN_PERCENT) / 100n,
    gasPrice: (gasPrice * GAS_PRICE_MARGIN_PERCENT) / 100n,
  };
}

export interface PayoutReceipt {
  success: boolean;
  blockNumber: bigint;
}

/**
 * What the node said to a broadcast. ACCEPTED: in its pool or mined. REJECTED: the node answered
 * with an error (it may still know the transaction: the caller checks). UNKNOWN: no answer
 * (connection lost, timeout): the transaction may or may not have left.
 */
export type BroadcastOutcome =
  | { kind: 'ACCEPTED' }
  | { kind: 'REJECTED'; message: string }
  | { kind: 'UNKNOWN'; message: string };

export interface PreparedTransfer {
  to: `0x${string}`;
  data: Hex;
  gas: bigint;
  gasPrice: bigint;
  chainId: number;
}

export interface SignedTransfer {
  hash: Hex;
  rawTx: Hex;
  nonce: bigint;
}

export interface PayoutChainOptions {
  rpcUrl: string;
  usdtContract: string;
  /** The token's decimals, as its contract answered at start (chain-identity.ts). */
  tokenDecimals: number;
  /** Per request; a payout's outcome is decided by chain state, never by a slow answer. */
  timeoutMs?: number;
}

/** The keyless side: everything recovery needs, so it works on any instance with an RPC URL. */
export class PayoutChain {
  private readonly client: PublicClient;
  readonly usdt: `0x${string}`;
  private readonly decimals: number;
  private chainId: number | null = null;

  constructor(options: PayoutChainOptions) {
    this.decimals = options.tokenDecimals;
    // cacheTime 0: nonces and receipts must be read fresh every time.
    this.client = createPublicClient({
      transport: http(options.rpcUrl, { retryCount: 1, timeout: options.timeoutMs ?? 10_000 }),
      cacheTime: 0,
    });
    this.usdt = getAddress(options.usdtContract);
  }

  /** The receipt of a mined transaction; null while it is unknown or still in a pool. */
  async receipt(hash: string): Promise<PayoutReceipt | null> {
    try {
      const r = await this.client.getTransactionReceipt({ hash: hash as Hex });
      return { success: r.status === 'success', blockNumber: r.blockNumber };
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }

  /** Whether the node knows the transaction at all (pending in its pool or mined). */
  async isKnown(hash: string): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash: hash as Hex });
      return true;
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return false;
      throw err;
    }
  }

  /**
   * The account's transaction count at a block tag: `pending` includes the node's pool (the next
   * free nonce), `latest` counts mined ones, `finalized` can no longer change.
   */
  async nonceAt(address: string, blockTag: 'pending' | 'latest' | 'finalized'): Promise<bigint> {
    return BigInt(
      await this.client.getTransactionCount({ address: getAddress(address), blockTag }),
    );
  }

  /**
   * Gas, gas price and chain id of a USDT transfer from `from`, read before any lock is taken.
   * Throws when the node says the transfer would fail (the wallet holds too little USDT) or
   * the wallet cannot pay the gas: nothing is signed then.
   */
  async prepareTransfer(from: string, to: string, amountMicro: bigint): Promise<PreparedTransfer> {
    const data = encodeFunctionData({
      abi: ERC20,
      functionName: 'transfer',
      args: [getAddress(to), microUsdtToTokenAmount(amountMicro, this.decimals)],
    });
    const account = getAddress(from);
    const [estimate, price, chainId, balance] = await Promise.all([
      this.client.estimateGas({ account, to: this.usdt, data }).catch((err: unknown) => {
        if (!nodeAnswered(err)) throw err;
        throw new PayoutWalletError(
          `The node refuses the transfer (${errorText(err)}): does the hot wallet ${account} hold enough USDT?`,
        );
      }),
      this.client.getGasPrice(),
      this.chainIdOnce(),
      this.client.getBalance({ address: account }),
    ]);
    const { gas, gasPrice } = withMargins(estimate, price);
    // The native coin (BNB) has 18 decimals on every EVM chain: wei, not the token's units.
    if (balance < gas * gasPrice)
      throw new PayoutWalletError(
        `The hot wallet ${account} holds ${formatUnits(balance, 18)} of the native coin; the gas needs ${formatUnits(gas * gasPrice, 18)}.`,
      );
    return { to: this.usdt, data, gas, gasPrice, chainId };
  }

  /**
   * A zero-value transfer of the native coin from `from` to itself (21,000 gas): signed at a
   * payout's nonce it takes that nonce, so the payout can never be mined (decision 045).
   */
  async prepareCancel(from: string): Promise<PreparedTransfer> {
    const [price, chainId] = await Promise.all([this.client.getGasPrice(), this.chainIdOnce()]);
    return {
      to: getAddress(from),
      data: '0x',
      gas: 21_000n,
      gasPrice: withMargins(0n, price).gasPrice,
      chainId,
    };
  }

  /**
   * The gas and gas price one payout from `from` is signed with now (margins included): the
   * estimate of a USDT transfer to an address holding none (the dearer case), or, when `from`
   * holds no USDT to estimate with, FIRST_TRANSFER_GAS (`estimated` false).
   */
  async payoutGas(from: string): Promise<{ gas: bigint; gasPrice: bigint; estimated: boolean }> {
    const account = getAddress(from);
    const [held, price] = await Promise.all([
      this.client.readContract({
        address: this.usdt,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [account],
      }),
      this.client.getGasPrice(),
    ]);
    const estimate =
      held > 0n
        ? await this.client.estimateGas({
            account,
            to: this.usdt,
            data: encodeFunctionData({
              abi: ERC20,
              functionName: 'transfer',
              args: [privateKeyToAccount(generatePrivateKey()).address, 1n],
            }),
          })
        : null;
    return { ...withMargins(estimate ?? FIRST_TRANSFER_GAS, price), estimated: estimate !== null };
  }

  /** The native coin (BNB) held by `address`, in wei. */
  async nativeBalance(address: string): Promise<bigint> {
    return this.client.getBalance({ address: getAddress(address) });
  }

  /** Sends signed bytes; classifies the answer (see BroadcastOutcome). */
  async broadcast(rawTx: string): Promise<BroadcastOutcome> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: rawTx as Hex });
      return { kind: 'ACCEPTED' };
    } catch (err) {
      const message = errorText(err);
      return nodeAnswered(err) ? { kind: 'REJECTED', message } : { kind: 'UNKNOWN', message };
    }
  }

  /** The USDT held by `address`, in micro-USDT (the reconciliation of the hot wallet). */
  async usdtMicro(address: string): Promise<bigint> {
    const raw = await this.client.readContract({
      address: this.usdt,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [getAddress(address)],
    });
    return tokenAmountToMicroUsdt(raw, this.decimals);
  }

  /**
   * Is `hash` a USDT transfer of `amountMicro` to `to`? Reads the receipt and looks for a
   * `Transfer` log of the configured contract only (any other token emitting the same event is
   * not USDT).
   */
  async checkTransfer(hash: string, to: string, amountMicro: bigint): Promise<ChainCheck> {
    const expectedTo = getAddress(to);
    const expectedValue = microUsdtToTokenAmount(amountMicro, this.decimals);
    const token = (value: bigint) => formatToken(value, this.decimals);
    const expected = (found?: string) =>
      `${token(expectedValue)} USDT to ${short(expectedTo, found ?? expectedTo)}`;
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: hash as Hex });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError)
        return {
          state: 'NOT_FOUND',
          detail: 'No mined transaction with this hash on the chain (yet).',
        };
      return { state: 'UNAVAILABLE', detail: `The chain could not be read: ${errorText(err)}` };
    }
    if (receipt.status !== 'success')
      return {
        state: 'MISMATCH',
        detail: `The transaction failed on chain: nothing was transferred (expected ${expected()}).`,
      };
    const transfers: { token: string; to: string; value: bigint }[] = [];
    for (const log of receipt.logs) {
      try {
        const event = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
        transfers.push({
          token: getAddress(log.address),
          to: getAddress(event.args.to),
          value: event.args.value,
        });
      } catch {
        // Not a Transfer event (another log of the same transaction).
      }
    }
    const usdt = transfers.filter((t) => t.token === this.usdt);
    const exact = usdt.find((t) => t.to === expectedTo && t.value === expectedValue);
    if (exact)
      return {
        state: 'VERIFIED',
        detail: `Transfer of ${token(exact.value)} USDT to ${short(exact.to, exact.to)}.`,
      };
    const found = usdt.find((t) => t.to === expectedTo) ?? usdt[0];
    if (found)
      return {
        state: 'MISMATCH',
        detail: `Transfer of ${token(found.value)} USDT to ${short(found.to, expectedTo)} (expected ${expected(found.to)}).`,
      };
    const other = transfers[0];
    if (other)
      return {
        state: 'MISMATCH',
        detail: `A transfer of another token (${short(other.token, this.usdt)}), not USDT (expected ${expected()}).`,
      };
    return {
      state: 'MISMATCH',
      detail: `The transaction holds no USDT transfer (expected ${expected()}).`,
    };
  }

  private async chainIdOnce(): Promise<number> {
    this.chainId ??= await this.client.getChainId();
    return this.chainId;
  }
}

/** The hot wallet: holds the key (never logged, never stored elsewhere) and signs offline. */
export class HotWallet {
  private readonly account: PrivateKeyAccount;

  constructor(privateKey: string) {
    this.account = privateKeyToAccount(privateKey as Hex);
  }

  get address(): `0x${string}` {
    return this.account.address;
  }

  /**
   * Signs a prepared transfer with an explicit nonce, gas, gas price and chain id (EIP-155
   * legacy: every EVM node accepts it). The hash is known before anything is sent.
   */
  async sign(prepared: PreparedTransfer, nonce: bigint): Promise<SignedTransfer> {
    const rawTx = await this.account.signTransaction({
      type: 'legacy',
      to: prepared.to,
      data: prepared.data,
      value: 0n,
      nonce: Number(nonce),
      gas: prepared.gas,
      gasPrice: prepared.gasPrice,
      chainId: prepared.chainId,
    });
    return { hash: keccak256(rawTx), rawTx, nonce };
  }
}

/** The gas limit and gas price stored bytes were signed with (a replacement must pay more). */
export function gasOf(rawTx: string): { gas: bigint; gasPrice: bigint } {
  const parsed = parseTransaction(rawTx as TransactionSerialized);
  if (parsed.gasPrice === undefined || parsed.gas === undefined)
    throw new Error('a payout transaction without a gas limit or price');
  return { gas: parsed.gas, gasPrice: parsed.gasPrice };
}

/** The account that signed stored bytes (recovery on an instance without the key). */
export function senderOf(rawTx: string): Promise<`0x${string}`> {
  return recoverTransactionAddress({ serializedTransaction: rawTx as TransactionSerialized });
}

/** The hot wallet cannot make this transfer now (funds, gas); nothing was signed. */
export class PayoutWalletError extends Error {
  override name = 'PayoutWalletError';
}

/**
 * Whether the node itself answered with a JSON-RPC error: only that proves it received the
 * request and refused it. A transport failure (timeout, connection lost) proves nothing.
 */
function nodeAnswered(err: unknown): boolean {
  return err instanceof BaseError && err.walk((e) => e instanceof RpcRequestError) !== null;
}

/**
 * A short, single-line reason from a viem error: the node's own words when it answered (viem's
 * summary of a JSON-RPC error is generic), else viem's first line without the request dump.
 */
export function errorText(err: unknown): string {
  if (err instanceof BaseError) {
    const answer = err.walk((e) => e instanceof RpcRequestError);
    return answer instanceof RpcRequestError ? answer.details : err.shortMessage;
  }
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.message;
  return String(err);
}

/** Token units of `decimals` as USDT with at least two decimals: 12.5 -> "12.50". */
export function formatToken(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * 0x1234…abcd; in full when the short forms of two different addresses would look alike, so a
 * mismatch is never shown as two equal addresses.
 */
function short(address: string, comparedWith: string): string {
  const cut = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
  return address !== comparedWith && cut(address) === cut(comparedWith) ? address : cut(address);
}
