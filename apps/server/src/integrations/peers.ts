import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config';
import { judgeChainIdentity, probeChainIdentity } from './chain/chain-identity';
import { EvmChainReader, type ChainReader } from './chain/chain-reader';
import { SimulatedChain } from './chain/simulated-chain';
import { BingxClient } from './exchange/bingx-client';
import { BingxSimulator } from './exchange/bingx-simulator';
import { DEMO_EXCHANGE_ACCOUNTS } from './exchange/demo-accounts';
import type { ExchangeGateway } from './exchange/exchange';

/**
 * The outside world the server talks to: the chain and the exchange. Configured peers in
 * production; outside it, without their variables, the built-in simulators on loopback, reached
 * over HTTP through the very same clients.
 */
export interface Peers {
  chain: ChainReader;
  /** The node's JSON-RPC URL (CHAIN_RPC_URL, or the simulated chain's): the treasury reads it. */
  rpcUrl?: string;
  /** The chain (id and genesis hash) verified at start: the watcher reads no other. */
  chainIdentity: string;
  exchange: ExchangeGateway;
  usdtContract: string;
  explorerUrl: string | null;
  simulatedChain: SimulatedChain | null;
  bingxSimulator: BingxSimulator | null;
  close(): Promise<void>;
}

export async function connectPeers(config: Config): Promise<Peers> {
  const closers: (() => Promise<void>)[] = [];
  let simulatedChain: SimulatedChain | null = null;
  let rpcUrl = config.chain.rpcUrl;
  if (!rpcUrl) {
    simulatedChain = new SimulatedChain({
      usdtContract: config.chain.usdtContract,
      chainId: config.chain.chainId,
      finalityDepth: 2,
    });
    rpcUrl = await simulatedChain.listen();
    closers.push(() => simulatedChain!.close());
  }
  let bingxSimulator: BingxSimulator | null = null;
  let exchangeOptions: BingxConnection = {
    baseUrl: config.exchange.baseUrl,
    apiKey: config.exchange.apiKey ?? '',
    apiSecret: config.exchange.apiSecret ?? '',
  };
  if (!config.exchange.apiKey || !config.exchange.apiSecret) {
    const key = randomBytes(16).toString('hex');
    const secret = randomBytes(32).toString('hex');
    bingxSimulator = new BingxSimulator(key, secret);
    for (const demo of DEMO_EXCHANGE_ACCOUNTS) bingxSimulator.setAccount(demo.uid, demo.account);
    exchangeOptions = { baseUrl: await bingxSimulator.listen(), apiKey: key, apiSecret: secret };
    closers.push(() => bingxSimulator!.close());
  }
  const closeAll = () => Promise.all(closers.map((close) => close()));
  let chain: EvmChainReader;
  let chainIdentity: string;
  try {
    ({ chain, chainIdentity } = await verifiedChain(config, rpcUrl));
  } catch (err) {
    await closeAll();
    throw err;
  }
  return {
    chain,
    rpcUrl,
    chainIdentity,
    exchange: bingxClientOf(config, exchangeOptions),
    usdtContract: config.chain.usdtContract,
    explorerUrl: config.chain.explorerUrl,
    simulatedChain,
    bingxSimulator,
    async close() {
      await closeAll();
    },
  };
}

/** Where and as whom the BingX client calls: BINGX_BASE_URL and the agent key, or a simulator. */
export interface BingxConnection {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/**
 * The BingX client of this configuration: the server's (on the connection it chose) and the
 * launch checks' (on BINGX_BASE_URL with the configured key) are built alike.
 */
export function bingxClientOf(config: Config, connection: BingxConnection): BingxClient {
  return new BingxClient({
    ...connection,
    commissionApi: config.exchange.commissionApi,
    copyVolumeFields: config.exchange.copyVolumeFields,
    requestsPerSecond: config.exchange.ratePerSecond,
  });
}

/**
 * The chain reader, once the node is the chain of CHAIN_ID and USDT_CONTRACT a token with
 * acceptable decimals (decision 035), and, with a real node, once it serves eth_getLogs. The
 * simulated chain answers the same questions, so development runs the same path. Throws a
 * ConfigError of one line naming the variable.
 */
async function verifiedChain(
  config: Config,
  rpcUrl: string,
): Promise<{ chain: EvmChainReader; chainIdentity: string }> {
  const verdict = judgeChainIdentity(
    await probeChainIdentity(rpcUrl, config.chain.usdtContract),
    config.chain,
  );
  if (verdict.problem !== null) throw new ConfigError(verdict.problem);
  const chain = new EvmChainReader({
    rpcUrl,
    usdtContract: config.chain.usdtContract,
    tokenDecimals: verdict.tokenDecimals,
    confirmations: config.chain.confirmations,
    logRange: config.chain.logRange,
  });
  if (config.chain.rpcUrl) await requireLogAccess(chain, config.chain.rpcUrl);
  return { chain, chainIdentity: verdict.identity };
}

/**
 * Payments are found through eth_getLogs: a node that does not answer it for the USDT contract
 * (BNB's public endpoints disable it) would lose every payment, so the server does not start.
 */
async function requireLogAccess(chain: EvmChainReader, rpcUrl: string): Promise<void> {
  try {
    await chain.checkLogAccess();
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
    throw new ConfigError(
      `CHAIN_RPC_URL: ${new URL(rpcUrl).host} does not answer eth_getLogs for the USDT contract ` +
        `(${reason}); payments cannot be detected without it (docs/operations.md, "Chain provider")`,
    );
  }
}
