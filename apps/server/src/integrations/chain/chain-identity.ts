import { createPublicClient, getAddress, hexToBigInt, http, isHex, type PublicClient } from 'viem';

/**
 * Which chain a node is and what the configured token is on it (decision 035): read once at
 * start, so a node of another chain (a testnet URL answers eth_getLogs with nothing, and every
 * payment would stay uncredited) or an address that is not the token stops the server, and the
 * token's decimals come from the contract rather than from an assumption.
 */

/** What the node answered; each part null when its call failed (the reason beside it). */
export interface ChainIdentityProbe {
  /** eth_chainId. */
  chainId: number | null;
  /** The hash of block 0: with the chain id, which chain this is (scan positions are per chain). */
  genesisHash: string | null;
  /** eth_getCode of the token is not empty. */
  tokenHasCode: boolean | null;
  /** The token's decimals() as the contract answered it (any size: judged by chainIdentityProblem). */
  decimals: bigint | null;
  /** Why a part is null: the first line of the node's error, per part. */
  errors: Partial<Record<'chainId' | 'genesisHash' | 'tokenCode' | 'decimals', string>>;
}

/**
 * The token decimals we accept. At least 6: amounts are kept in micro-USDT, and a payout of any
 * micro-USDT amount must be an exact number of token units. At most 18: every USDT and USD-coin
 * deployment uses 6 (Ethereum, Tron) or 18 (BSC); more means the address is some other contract.
 */
export const MIN_TOKEN_DECIMALS = 6;
export const MAX_TOKEN_DECIMALS = 18;

/** `decimals()` (selector 0x313ce567): read with a raw eth_call so any answer can be judged. */
const DECIMALS_CALL = '0x313ce567';

/** How one identity is written wherever it is kept (scan positions, deposit issue records). */
export const chainIdentityKey = (chainId: number, genesisHash: string): string =>
  `${chainId}:${genesisHash}`;

/** Asks the node at `rpcUrl` who it is and what `tokenAddress` is there. Never throws. */
export async function probeChainIdentity(
  rpcUrl: string,
  tokenAddress: string,
  timeoutMs = 10_000,
): Promise<ChainIdentityProbe> {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 1, timeout: timeoutMs }),
    cacheTime: 0,
  });
  const token = getAddress(tokenAddress);
  const errors: ChainIdentityProbe['errors'] = {};
  const settle = async <T>(part: keyof ChainIdentityProbe['errors'], read: () => Promise<T>) => {
    try {
      return await read();
    } catch (err) {
      errors[part] = firstLine(err);
      return null;
    }
  };
  const [chainId, genesisHash, code, decimals] = await Promise.all([
    settle('chainId', () => client.getChainId()),
    settle('genesisHash', async () => (await client.getBlock({ blockNumber: 0n })).hash),
    settle('tokenCode', () => client.getCode({ address: token })),
    settle('decimals', async () => {
      const { data } = await client.call({ to: token, data: DECIMALS_CALL });
      // An address without code answers an empty call: that is no decimals at all.
      if (!data || data === '0x' || !isHex(data) || data.length !== 66)
        throw new Error(`decimals() answered ${data ?? '0x'}, not one 32-byte word`);
      return hexToBigInt(data);
    }),
  ]);
  return {
    chainId,
    genesisHash,
    tokenHasCode: code === null ? null : code !== undefined && code !== '0x',
    decimals,
    errors,
  };
}

/** What the start expects of the chain (CHAIN_ID, USDT_CONTRACT). */
export interface ChainExpectation {
  chainId: number;
  usdtContract: string;
}

/** Either the one line that stops the start, or the chain and the token's decimals verified. */
export type ChainVerdict =
  { problem: string } | { problem: null; identity: string; tokenDecimals: number };

/**
 * Judges a probe: the line naming the variable and what was found, or the verified identity
 * and decimals. Checked in this order: on the wrong chain the token's answers mean nothing.
 */
export function judgeChainIdentity(
  probe: ChainIdentityProbe,
  expected: ChainExpectation,
): ChainVerdict {
  const { errors } = probe;
  const fail = (problem: string) => ({ problem });
  if (probe.chainId === null)
    return fail(
      `CHAIN_RPC_URL: the node does not answer eth_chainId (${errors.chainId ?? 'no answer'})`,
    );
  if (probe.chainId !== expected.chainId)
    return fail(
      `CHAIN_ID: the node at CHAIN_RPC_URL answers chain id ${probe.chainId}, not ${expected.chainId}`,
    );
  if (probe.genesisHash === null)
    return fail(
      `CHAIN_RPC_URL: the node does not answer block 0 (${errors.genesisHash ?? 'no answer'})`,
    );
  if (probe.tokenHasCode === null)
    return fail(
      `CHAIN_RPC_URL: the node does not answer eth_getCode (${errors.tokenCode ?? 'no answer'})`,
    );
  if (!probe.tokenHasCode)
    return fail(
      `USDT_CONTRACT: ${expected.usdtContract} has no contract code on chain ${probe.chainId} (eth_getCode answered 0x)`,
    );
  if (probe.decimals === null)
    return fail(
      `USDT_CONTRACT: decimals() of ${expected.usdtContract} failed (${errors.decimals ?? 'no answer'})`,
    );
  if (probe.decimals < MIN_TOKEN_DECIMALS || probe.decimals > MAX_TOKEN_DECIMALS)
    return fail(
      `USDT_CONTRACT: decimals() of ${expected.usdtContract} answered ${probe.decimals}, not a whole number from ${MIN_TOKEN_DECIMALS} to ${MAX_TOKEN_DECIMALS}`,
    );
  return {
    problem: null,
    identity: chainIdentityKey(probe.chainId, probe.genesisHash),
    tokenDecimals: Number(probe.decimals),
  };
}

/** A node error as one short line (viem's messages run over many lines with the request). */
function firstLine(err: unknown): string {
  const e = err as { shortMessage?: unknown; details?: unknown; message?: unknown };
  const text =
    typeof e.details === 'string' && e.details !== ''
      ? e.details
      : typeof e.shortMessage === 'string'
        ? e.shortMessage
        : err instanceof Error
          ? err.message
          : String(err);
  return (text.split('\n')[0] ?? text).slice(0, 200);
}
