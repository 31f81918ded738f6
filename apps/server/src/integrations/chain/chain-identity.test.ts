import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT_BEP20_MAINNET } from '@ctn/contracts/constants';
import { judgeChainIdentity, probeChainIdentity, type ChainIdentityProbe } from './chain-identity';
import { SimulatedChain } from './simulated-chain';

const GENESIS = `0x${'ab'.repeat(32)}`;
const good: ChainIdentityProbe = {
  chainId: 56,
  genesisHash: GENESIS,
  tokenHasCode: true,
  decimals: 18n,
  errors: {},
};
const expected = { chainId: 56, usdtContract: USDT_BEP20_MAINNET };

describe('judgeChainIdentity', () => {
  it('verifies the chain and the token, with the identity kept per chain and the decimals', () => {
    expect(judgeChainIdentity(good, expected)).toEqual({
      problem: null,
      identity: `56:${GENESIS}`,
      tokenDecimals: 18,
    });
    expect(judgeChainIdentity({ ...good, decimals: 6n }, expected)).toMatchObject({
      tokenDecimals: 6,
    });
  });

  it.each<[string, Partial<ChainIdentityProbe>, string]>([
    [
      'another chain',
      { chainId: 97 },
      'CHAIN_ID: the node at CHAIN_RPC_URL answers chain id 97, not 56',
    ],
    [
      'no chain id',
      { chainId: null, errors: { chainId: 'HTTP request failed.' } },
      'CHAIN_RPC_URL: the node does not answer eth_chainId (HTTP request failed.)',
    ],
    [
      'no genesis block',
      { genesisHash: null, errors: { genesisHash: 'timeout' } },
      'CHAIN_RPC_URL: the node does not answer block 0 (timeout)',
    ],
    [
      'no code',
      { tokenHasCode: false },
      `USDT_CONTRACT: ${USDT_BEP20_MAINNET} has no contract code on chain 56 (eth_getCode answered 0x)`,
    ],
    [
      'a failed decimals()',
      { decimals: null, errors: { decimals: 'execution reverted' } },
      `USDT_CONTRACT: decimals() of ${USDT_BEP20_MAINNET} failed (execution reverted)`,
    ],
    [
      'decimals below 6',
      { decimals: 5n },
      `USDT_CONTRACT: decimals() of ${USDT_BEP20_MAINNET} answered 5, not a whole number from 6 to 18`,
    ],
    [
      'decimals above 18',
      { decimals: 2n ** 255n },
      `USDT_CONTRACT: decimals() of ${USDT_BEP20_MAINNET} answered ${2n ** 255n}, not a whole number from 6 to 18`,
    ],
  ])('stops the start on %s with one line naming the variable', (_, change, line) => {
    expect(judgeChainIdentity({ ...good, ...change }, expected)).toEqual({ problem: line });
  });

  it('names the chain id first: on another chain the token answers mean nothing', () => {
    expect(
      judgeChainIdentity({ ...good, chainId: 97, tokenHasCode: false }, expected).problem,
    ).toMatch(/^CHAIN_ID: /);
  });
});

describe('probeChainIdentity against the simulated chain (JSON-RPC as a node answers it)', () => {
  let chain: SimulatedChain;
  let url: string;

  beforeAll(async () => {
    chain = new SimulatedChain({ usdtContract: USDT_BEP20_MAINNET, chainId: 97, tokenDecimals: 6 });
    url = await chain.listen();
  });
  afterAll(() => chain.close());

  it('reads the chain id, the genesis hash, the code and decimals() of the token', async () => {
    const probe = await probeChainIdentity(url, USDT_BEP20_MAINNET);
    expect(probe).toMatchObject({ chainId: 97, tokenHasCode: true, decimals: 6n, errors: {} });
    expect(probe.genesisHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('finds no code and no decimals at an address without a contract', async () => {
    const probe = await probeChainIdentity(url, '0x000000000000000000000000000000000000dEaD');
    expect(probe).toMatchObject({ tokenHasCode: false, decimals: null });
    expect(probe.errors.decimals).toMatch(/decimals\(\) answered 0x/);
  });

  it('says what failed when the node cannot be reached, and never throws', async () => {
    const probe = await probeChainIdentity('http://127.0.0.1:9', USDT_BEP20_MAINNET, 2_000);
    expect(probe).toMatchObject({ chainId: null, genesisHash: null, tokenHasCode: null });
    expect(judgeChainIdentity(probe, expected).problem).toMatch(
      /^CHAIN_RPC_URL: the node does not answer eth_chainId \(/,
    );
  });
});
