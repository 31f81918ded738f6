import type { CheckResult } from '@ctn/contracts/launch-checklist';
import { createPublicClient, formatUnits, http, type PublicClient } from 'viem';
import { fail, ok, reasonOf, warn } from '../../lib/preflight';
import { EvmChainReader } from './chain-reader';
import { errorText, HotWallet, PayoutChain } from './payout-wallet';
import { isRangeLimitError, isUnsupportedTagError } from './rpc-errors';

/**
 * The launch checks of the chain that are plain JSON-RPC (decision 042): the `finalized` tag,
 * one eth_getLogs over CHAIN_LOG_RANGE blocks, the head's age against our clock, and the hot
 * wallet's BNB and USDT. Reads only. Which chain and token these are is the chain identity
 * check's part.
 */

export interface ChainPreflightOptions {
  rpcUrl: string;
  usdtContract: string;
  /** The token's decimals, as the chain identity check read them (chain-identity.ts). */
  tokenDecimals: number;
  /** CHAIN_LOG_RANGE */
  logRange: number;
  /** CHAIN_CONFIRMATIONS: the fallback where the node has no `finalized` tag. */
  confirmations: number;
  /** PAYOUT_PRIVATE_KEY: only its address is used. */
  payoutPrivateKey: string | undefined;
  now?: () => number;
  timeoutMs?: number;
}

/** Payouts the hot wallet's BNB must cover at today's gas price. */
export const PAYOUTS_OF_GAS = 20;
/** A head older than this is a node behind (BSC makes a block every 0.45 s). */
const HEAD_AGE_WARN_SECONDS = 15;
const HEAD_AGE_FAIL_SECONDS = 60;

export async function chainPreflight(options: ChainPreflightOptions): Promise<CheckResult[]> {
  const client = createPublicClient({
    transport: http(options.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }),
    cacheTime: 0,
  });
  const guarded = answeredOr(options.rpcUrl);
  const lines = await Promise.all([
    guarded('chain finalized tag', () => finalizedTag(client, options)),
    guarded('chain eth_getLogs', () => logRange(client, options)),
    guarded('chain head age', () => headAge(client, options)),
    hotWallet(options),
  ]);
  return lines.flat();
}

async function finalizedTag(
  client: PublicClient,
  options: ChainPreflightOptions,
): Promise<CheckResult[]> {
  const check = 'chain finalized tag';
  const head = await client.getBlockNumber({ cacheTime: 0 });
  try {
    const final = await client.getBlock({ blockTag: 'finalized' });
    return [
      ok(check, null, `finalized block ${final.number}, ${head - final.number} behind the head`),
    ];
  } catch (err) {
    if (!isUnsupportedTagError(err)) throw err;
    return [
      warn(
        check,
        'CHAIN_CONFIRMATIONS',
        `the node has no \`finalized\` tag (${reason(err)}): a block counts as final ${options.confirmations} blocks below the head`,
      ),
    ];
  }
}

async function logRange(
  client: PublicClient,
  options: ChainPreflightOptions,
): Promise<CheckResult[]> {
  const check = 'chain eth_getLogs';
  const reader = new EvmChainReader({
    rpcUrl: options.rpcUrl,
    usdtContract: options.usdtContract,
    tokenDecimals: options.tokenDecimals,
    confirmations: options.confirmations,
    logRange: options.logRange,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const wanted = BigInt(options.logRange);
  const span = head + 1n < wanted ? head + 1n : wanted;
  const tryRange = async (blocks: bigint) => {
    await reader.probeLogRange(head - blocks + 1n, head);
  };
  try {
    await tryRange(span);
  } catch (err) {
    if (!isRangeLimitError(err))
      return [
        fail(
          check,
          'CHAIN_RPC_URL',
          `${host(options.rpcUrl)} refuses eth_getLogs for the USDT contract (${reason(err)}): payments cannot be detected`,
        ),
      ];
    // What the provider does serve, halving as the watcher would: what to set instead.
    let served: bigint | null = null;
    for (let blocks = span / 2n; blocks >= 1n && served === null; blocks /= 2n) {
      served = await tryRange(blocks).then(
        () => blocks,
        () => null,
      );
    }
    const advice =
      served === null
        ? 'not even one block was answered'
        : `${served} blocks were: set CHAIN_LOG_RANGE=${served} or use a provider that serves ${span}`;
    return [
      fail(
        check,
        'CHAIN_LOG_RANGE',
        `${host(options.rpcUrl)} refuses ${span} blocks in one eth_getLogs (${reason(err)}); ${advice}`,
      ),
    ];
  }
  if (span < wanted)
    return [
      warn(
        check,
        'CHAIN_LOG_RANGE',
        `the chain has only ${span} blocks: ${span} answered, ${wanted} not proven`,
      ),
    ];
  return [ok(check, 'CHAIN_LOG_RANGE', `${span} blocks in one eth_getLogs answered`)];
}

async function headAge(
  client: PublicClient,
  options: ChainPreflightOptions,
): Promise<CheckResult[]> {
  const check = 'chain head age';
  const head = await client.getBlock({ blockTag: 'latest' });
  const now = (options.now ?? Date.now)();
  const age = Math.round(now / 1000 - Number(head.timestamp));
  const text = `head block ${head.number} is ${age} s old`;
  if (age < -HEAD_AGE_WARN_SECONDS)
    return [
      fail(
        check,
        null,
        `head block ${head.number} is ${-age} s in the future: this server's clock is behind`,
      ),
    ];
  if (age > HEAD_AGE_FAIL_SECONDS)
    return [
      fail(
        check,
        'CHAIN_RPC_URL',
        `${text}: the node is behind or stalled (or this server's clock is ahead)`,
      ),
    ];
  if (age > HEAD_AGE_WARN_SECONDS)
    return [warn(check, 'CHAIN_RPC_URL', `${text}: the node lags the chain`)];
  return [ok(check, null, text)];
}

async function hotWallet(options: ChainPreflightOptions): Promise<CheckResult[]> {
  const variable = 'PAYOUT_PRIVATE_KEY';
  if (!options.payoutPrivateKey)
    return [
      ok('hot wallet', variable, 'not set: payouts are sent by hand and their hashes pasted'),
    ];
  const address = new HotWallet(options.payoutPrivateKey).address;
  const chain = new PayoutChain({
    rpcUrl: options.rpcUrl,
    usdtContract: options.usdtContract,
    tokenDecimals: options.tokenDecimals,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const bnb = async (): Promise<CheckResult[]> => {
    const check = 'hot wallet BNB';
    const [balance, cost] = await Promise.all([
      chain.nativeBalance(address),
      chain.payoutGas(address),
    ]);
    const needed = BigInt(PAYOUTS_OF_GAS) * cost.gas * cost.gasPrice;
    const basis = `${PAYOUTS_OF_GAS} payouts of ${cost.gas} gas${cost.estimated ? '' : ' (assumed: no USDT to estimate with)'} at ${formatUnits(cost.gasPrice, 9)} gwei need ${formatUnits(needed, 18)} BNB`;
    const held = `${address} holds ${formatUnits(balance, 18)} BNB`;
    return [(balance >= needed ? ok : fail)(check, variable, `${held}; ${basis}`)];
  };
  const usdt = async (): Promise<CheckResult[]> => {
    const check = 'hot wallet USDT';
    const micro = await chain.usdtMicro(address);
    const held = `${address} holds ${formatUnits(micro, 6)} USDT`;
    return [
      micro > 0n
        ? ok(check, variable, held)
        : warn(check, variable, `${held}: payouts fail until it is funded`),
    ];
  };
  const guarded = answeredOr(options.rpcUrl);
  const lines = await Promise.all([
    guarded('hot wallet BNB', bnb),
    guarded('hot wallet USDT', usdt),
  ]);
  return lines.flat();
}

/** A check's lines, or one `fail` naming CHAIN_RPC_URL when the node did not answer it. */
function answeredOr(rpcUrl: string) {
  return (check: string, run: () => Promise<CheckResult[]>): Promise<CheckResult[]> =>
    run().catch((err: unknown) => [
      fail(check, 'CHAIN_RPC_URL', `${host(rpcUrl)} did not answer: ${reason(err)}`),
    ]);
}

function host(url: string): string {
  return new URL(url).host;
}

/** The node's own words where it answered, else the first line of the failure. */
function reason(err: unknown): string {
  const text = errorText(err);
  return text.trim() === '' ? reasonOf(err) : text.slice(0, 200);
}
