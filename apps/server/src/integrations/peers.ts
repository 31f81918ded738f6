import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
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
  exchange: ExchangeGateway;
  usdtContract: string;
  explorerUrl: string;
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
      finalityDepth: 2,
    });
    rpcUrl = await simulatedChain.listen();
    closers.push(() => simulatedChain!.close());
  }
  let bingxSimulator: BingxSimulator | null = null;
  let exchangeOptions = {
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
  return {
    chain: new EvmChainReader({
      rpcUrl,
      usdtContract: config.chain.usdtContract,
      confirmations: config.chain.confirmations,
    }),
    exchange: new BingxClient(exchangeOptions),
    usdtContract: config.chain.usdtContract,
    explorerUrl: config.chain.explorerUrl,
    simulatedChain,
    bingxSimulator,
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
