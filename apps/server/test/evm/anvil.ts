import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  type Hex,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { EvmChainReader, type ChainReader } from '../../src/integrations/chain/chain-reader';
import { BingxClient } from '../../src/integrations/exchange/bingx-client';
import type { Peers } from '../../src/integrations/peers';
import { freePort } from '../free-port';

/**
 * A real EVM node on loopback for tests: anvil from the npm package, with an ERC-20 (18 decimals
 * unless asked otherwise) compiled by solc and deployed, and a funded payer. anvil's `finalized` block trails the head by
 * 64 blocks: tests mine blocks to make payments final.
 */

const require = createRequire(import.meta.url);

/** The anvil binary of the npm package, or null where it is not installed (another platform). */
function anvilBinary(): string | null {
  try {
    return require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil');
  } catch {
    return null;
  }
}

/** Whether anvil can run here: tests that need it skip cleanly otherwise. */
export const anvilAvailable = (): boolean => anvilBinary() !== null;
/** anvil's first default account (public test key). */
const PAYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** anvil's second default account (public test key), funded with the native coin only. */
export const SECOND_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const ERC20_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

let compiled: { abi: unknown[]; bytecode: Hex } | undefined;

/** TestUSDT.sol compiled (also deployed by `npm run rehearsal:usdt` on a test network). */
export function compileToken(): { abi: unknown[]; bytecode: Hex } {
  if (compiled) return compiled;
  const solc = require('solc') as { compile(input: string): string };
  const source = readFileSync(fileURLToPath(new URL('./TestUSDT.sol', import.meta.url)), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestUSDT.sol': { content: source } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<
      string,
      Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSDT.sol']!['TestUSDT']!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export interface LocalChain {
  rpcUrl: string;
  usdt: `0x${string}`;
  /** The token's decimals (what its decimals() answers). */
  tokenDecimals: number;
  /** The chain id anvil answers (31337 unless asked otherwise). */
  chainId: number;
  publicClient: PublicClient;
  testClient: TestClient;
  wallet: WalletClient;
  /** Sends `amount` (token units) of the token (or `token`) from the payer to `to`; the tx hash. */
  pay(to: `0x${string}`, amount: bigint, token?: `0x${string}`): Promise<Hex>;
  /** Deploys another test token of `decimals` (the payer holds its supply); its address. */
  deployToken(decimals: number): Promise<`0x${string}`>;
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The app's peers with `anvil` as its chain (by default read directly, 3 confirmations, its test
 * USDT), and an exchange nobody answers: the services run against a real EVM node, nothing
 * simulated. `chain` reads it otherwise (through a faulty provider, say). The chain verified at
 * start is the one anvil is now.
 */
export async function anvilPeers(
  anvil: LocalChain,
  chain: ChainReader = new EvmChainReader({
    rpcUrl: anvil.rpcUrl,
    usdtContract: anvil.usdt,
    tokenDecimals: anvil.tokenDecimals,
    confirmations: 3,
  }),
): Promise<Peers> {
  return {
    chain,
    rpcUrl: anvil.rpcUrl,
    chainIdentity: await chain.chainIdentity(),
    exchange: new BingxClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      apiSecret: 's',
      maxRetries: 0,
    }),
    usdtContract: anvil.usdt,
    explorerUrl: 'https://testnet.bscscan.com',
    simulatedChain: null,
    bingxSimulator: null,
    close: async () => undefined,
  };
}

export interface AnvilOptions {
  /**
   * anvil's `finalized` block trails the head by twice this (default 32: 64 blocks). 1 makes a
   * block final two blocks later, for tests that wait for finality as the product does.
   */
  slotsInAnEpoch?: number;
  /** A block every this many seconds besides those mined by hand: a head that stays fresh. */
  blockTimeSeconds?: number;
  /** What eth_chainId answers (anvil's default: 31337). */
  chainId?: number;
  /** The test token's decimals (default 18, as BSC's USDT). */
  tokenDecimals?: number;
  /** The genesis block's timestamp: two nodes of one chain id with different genesis hashes. */
  genesisTimestamp?: number;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<LocalChain> {
  const binary = anvilBinary();
  if (!binary) throw new Error('anvil is not installed (@foundry-rs/anvil-linux-amd64)');
  const port = await freePort();
  const chainId = options.chainId ?? 31337;
  const tokenDecimals = options.tokenDecimals ?? 18;
  const chain = { ...foundry, id: chainId };
  const child: ChildProcess = spawn(
    binary,
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--silent',
      '--chain-id',
      String(chainId),
      ...(options.slotsInAnEpoch ? ['--slots-in-an-epoch', String(options.slotsInAnEpoch)] : []),
      ...(options.blockTimeSeconds ? ['--block-time', String(options.blockTimeSeconds)] : []),
      ...(options.genesisTimestamp ? ['--timestamp', String(options.genesisTimestamp)] : []),
    ],
    { stdio: 'ignore' },
  );
  const rpcUrl = `http://127.0.0.1:${port}`;
  const publicClient = createPublicClient({
    chain,
    transport: http(rpcUrl),
    cacheTime: 0,
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await publicClient.getBlockNumber();
      break;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`anvil did not start: ${String(err)}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const account = privateKeyToAccount(PAYER_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) });
  const deployToken = async (decimals: number) => {
    const { abi, bytecode } = compileToken();
    const deployHash = await wallet.deployContract({
      abi,
      bytecode,
      args: [10n ** 30n, decimals],
      account,
      chain,
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: deployHash,
      pollingInterval: 50,
    });
    return receipt.contractAddress!;
  };
  const usdt = await deployToken(tokenDecimals);
  return {
    rpcUrl,
    usdt,
    tokenDecimals,
    chainId,
    publicClient,
    testClient,
    wallet,
    deployToken,
    async pay(to, amount, token = usdt) {
      const hash = await wallet.writeContract({
        address: token,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [to, amount],
        account,
        chain,
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return hash;
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
