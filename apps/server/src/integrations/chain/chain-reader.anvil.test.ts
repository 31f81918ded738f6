import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type LocalChain } from '../../../test/evm/anvil';
import { EvmChainReader } from './chain-reader';
import { DEV_DEPOSIT_XPUB, depositAddressDeriver } from './deposit-addresses';

const USDT = 10n ** 18n;
const deposit = depositAddressDeriver(DEV_DEPOSIT_XPUB).addressAt(3) as `0x${string}`;

describe('reading USDT payments from a real EVM node (anvil)', () => {
  let chain: LocalChain;
  let reader: EvmChainReader;

  beforeAll(async () => {
    chain = await startAnvil();
    reader = new EvmChainReader({
      rpcUrl: chain.rpcUrl,
      usdtContract: chain.usdt,
      tokenDecimals: chain.tokenDecimals,
      confirmations: 3,
    });
  }, 60_000);
  afterAll(() => chain?.stop());

  it('sees a transfer only once its block is final, with the exact amount', async () => {
    const hash = await chain.pay(deposit, 10n * USDT + 5n);
    const block = (await chain.publicClient.getTransactionReceipt({ hash })).blockNumber;
    // anvil finalizes 64 blocks behind the head.
    expect(await reader.finalizedBlock()).toBeLessThan(block);
    await chain.mine(64);
    expect(await reader.finalizedBlock()).toBeGreaterThanOrEqual(block);
    const transfers = await reader.transfersTo([deposit], 0n, await reader.finalizedBlock());
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      txHash: hash,
      to: deposit,
      amount: 10n * USDT + 5n,
      amountMicro: 10_000_000n,
      removed: false,
    });
  });
});
