import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT_BEP20_MAINNET } from '@ctn/contracts/constants';
import { EvmChainReader, microUsdtToTokenAmount, tokenAmountToMicroUsdt } from './chain-reader';
import { DEV_DEPOSIT_XPUB, depositAddressDeriver } from './deposit-addresses';
import { SimulatedChain } from './simulated-chain';

const USDT = 10n ** 18n;
const addresses = depositAddressDeriver(DEV_DEPOSIT_XPUB);
const alice = addresses.addressAt(0);
const bob = addresses.addressAt(1);
const stranger = addresses.addressAt(99);

describe('reading USDT payments over JSON-RPC (simulated chain)', () => {
  let chain: SimulatedChain;
  let reader: EvmChainReader;

  beforeAll(async () => {
    chain = new SimulatedChain({ usdtContract: USDT_BEP20_MAINNET, finalityDepth: 2 });
    reader = new EvmChainReader({
      rpcUrl: await chain.listen(),
      usdtContract: USDT_BEP20_MAINNET,
      tokenDecimals: 18,
      confirmations: 15,
    });
  });
  afterAll(() => chain.close());

  it('reports the finalized tag of the node', async () => {
    chain.mine(10);
    expect(await reader.finalizedBlock()).toBe(BigInt(chain.head - 2));
  });

  it('finds transfers to the watched addresses only, with exact amounts and positions', async () => {
    const start = BigInt(chain.head + 1);
    const txA = chain.transfer(alice, 10n * USDT);
    chain.transfer(stranger, 5n * USDT);
    const txB = chain.transfer(bob, 9_990_000_000_000_000_000n);
    const found = await reader.transfersTo([alice, bob], start, BigInt(chain.head));
    expect(
      found.map((t) => [t.txHash, t.to, t.amount, t.amountMicro, t.logIndex, t.removed]),
    ).toEqual([
      [txA, alice, 10n * USDT, 10_000_000n, 0, false],
      [txB, bob, 9_990_000_000_000_000_000n, 9_990_000n, 0, false],
    ]);
    expect(found[0]!.blockNumber).toBe(start);
  });

  it('falls back to head minus confirmations on a node without the finalized tag', async () => {
    const legacy = new SimulatedChain({
      usdtContract: USDT_BEP20_MAINNET,
      supportsFinalizedTag: false,
    });
    try {
      const legacyReader = new EvmChainReader({
        rpcUrl: await legacy.listen(),
        usdtContract: USDT_BEP20_MAINNET,
        tokenDecimals: 18,
        confirmations: 15,
      });
      legacy.mine(40);
      expect(await legacyReader.finalizedBlock()).toBe(25n);
      legacy.mine(5);
      expect(await legacyReader.finalizedBlock()).toBe(30n);
    } finally {
      await legacy.close();
    }
  });
});

describe('tokenAmountToMicroUsdt', () => {
  it('converts 18-decimal amounts exactly, dropping sub-micro dust', () => {
    expect(tokenAmountToMicroUsdt(10n * USDT, 18)).toBe(10_000_000n);
    expect(tokenAmountToMicroUsdt(9_990_000_000_000_000_000n, 18)).toBe(9_990_000n);
    expect(tokenAmountToMicroUsdt(10_000_000n * USDT + 1n, 18)).toBe(10_000_000_000_000n);
    expect(tokenAmountToMicroUsdt(999_999_999_999n, 18)).toBe(0n);
    expect(tokenAmountToMicroUsdt(123_456_789_012_345_678_901n, 18)).toBe(123_456_789n);
  });

  it('handles other decimals too, and back to token units exactly', () => {
    expect(tokenAmountToMicroUsdt(10_000_000n, 6)).toBe(10_000_000n);
    expect(tokenAmountToMicroUsdt(1_000n, 3)).toBe(1_000_000n);
    expect(microUsdtToTokenAmount(10_000_000n, 6)).toBe(10_000_000n);
    expect(microUsdtToTokenAmount(10_000_000n, 18)).toBe(10n * USDT);
    expect(() => microUsdtToTokenAmount(1n, 3)).toThrow(RangeError);
  });
});
