import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@ctn/contracts/onboarding';
import { ChainHead } from '../../integrations/chain/chain-head';
import { MemoryRateLimiter } from '../../lib/rate-limiter';
import { anvilPeers, startAnvil, type LocalChain } from '../../../test/evm/anvil';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';
import { SubscriptionsService } from './subscriptions.service';
import { silentLogger } from '../../lib/logger';

const USDT = 10n ** 18n;

describe('subscription payments on a real EVM node (anvil, 18-decimal ERC-20)', () => {
  let anvil: LocalChain;
  let t: TestApp;

  beforeAll(async () => {
    anvil = await startAnvil();
    const peers = await anvilPeers(anvil);
    t = await createTestApp({}, { peers });
    await t.services.subscriptions.scan();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  const watcher = () =>
    new SubscriptionsService({
      db: t.database.db,
      chain: t.services.peers.chain,
      head: new ChainHead(t.services.peers.chain, t.services.peers.chainIdentity),
      limiter: new MemoryRateLimiter(),
      rescanBlocks: 400,
      usdtContract: anvil.usdt,
      explorerUrl: 'x',
      simulatedChain: null,
      log: silentLogger,
      mail: t.services.mail,
      publicUrl: 'http://app.test',
      settings: t.services.settings,
      rewards: t.services.rewards,
      batchBlocks: 25,
    });

  it('credits a real transfer once final, exactly once across two watchers and a restart', async () => {
    const member = await signedInMember(t);
    const refresh = async () =>
      (
        await call<Subscription>(t.app, 'GET', '/api/users/refresh-subscription', {
          token: member.token,
        })
      ).body.data!;
    const address = (await refresh()).walletAddress as `0x${string}`;

    const hash = await anvil.pay(address, 10n * USDT);
    // Not final yet: anvil finalizes 64 blocks behind the head.
    expect((await refresh()).subscriptionFee.paid).toBe(false);
    await anvil.mine(64);

    const [a, b] = [watcher(), watcher()];
    const results = await Promise.all([a.scan(), b.scan()]);
    expect(results.reduce((sum, r) => sum + r.credited, 0)).toBe(1);
    const paid = await refresh();
    expect(paid.subscriptionFee.paid).toBe(true);
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({
      transactionHash: hash.toLowerCase(),
      amount: 10,
      periodsAdded: 1,
    });

    // A restarted watcher resumes after the stored block: nothing is credited twice.
    expect((await watcher().scan()).credited).toBe(0);
    const second = await anvil.pay(address, 9_990_000_000_000_000_000n);
    await anvil.mine(70);
    expect((await watcher().scan()).credited).toBe(1);
    const after = await refresh();
    expect(after.payments.map((p) => p.transactionHash)).toEqual([
      second.toLowerCase(),
      hash.toLowerCase(),
    ]);
    expect(after.creditUsdt).toBe(9.99);
  }, 60_000);
});
