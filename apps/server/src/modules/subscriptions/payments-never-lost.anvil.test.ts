import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { ChainHead } from '../../integrations/chain/chain-head';
import { EvmChainReader } from '../../integrations/chain/chain-reader';
import { connectPeers } from '../../integrations/peers';
import { ConfigError, parseConfig } from '../../config';
import { MemoryRateLimiter } from '../../lib/rate-limiter';
import {
  anvilAvailable,
  anvilPeers,
  startAnvil,
  type AnvilOptions,
  type LocalChain,
} from '../../../test/evm/anvil';
import { RpcProxy } from '../../../test/evm/rpc-proxy';
import type { ChainRescan } from '@ctn/contracts/reconciliation';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { SubscriptionsService } from './subscriptions.service';
import { silentLogger } from '../../lib/logger';

/**
 * Issue "Payments are never lost", on a real EVM node behind a proxy that lags, caps ranges and
 * fails the way hosted providers do: early payers, payers during a lag episode and top-ups are
 * each credited exactly once, whatever restarts, second instances and faults do.
 */

const USDT = 10n ** 18n;
const LAG_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(anvilAvailable())(
  'payments are never lost (anvil behind a lagging, range-capped proxy)',
  () => {
    let anvil: LocalChain;
    let proxy: RpcProxy;
    let reader: EvmChainReader;
    let proxyUrl: string;
    let t: TestApp;

    beforeAll(async () => {
      anvil = await startAnvil();
      proxy = new RpcProxy(anvil.rpcUrl);
      proxyUrl = await proxy.listen();
      reader = new EvmChainReader({
        rpcUrl: proxyUrl,
        usdtContract: anvil.usdt,
        tokenDecimals: anvil.tokenDecimals,
        confirmations: 240,
        logRange: 500,
        timeoutMs: 800,
      });
      t = await createTestApp({}, { peers: await anvilPeers(anvil, reader) });
      // A provider that lags by LAG_MS and serves at most 5 blocks per eth_getLogs.
      proxy.faults = { lagLogsMs: LAG_MS, maxLogRange: 5 };
    }, 90_000);
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await anvil?.stop();
    });

    const watch = () => t.services.subscriptions.watch();
    const member = async () => {
      const m = await signedInMember(t);
      const sub = await t.services.subscriptions.subscription(m.user._id);
      return { ...m, address: sub.walletAddress as `0x${string}` };
    };
    const payments = async (userId: string) =>
      rowsOf<{ amount: string; periods: number }>(
        t.database.db,
        sql`select amount_micro::text as amount, periods_added as periods
          from subscription_payments where user_id = ${userId} order by block_number, log_index`,
      );
    const cursor = async () => {
      const [row] = await rowsOf<{ last: string }>(
        t.database.db,
        sql`select last_block::text as last from chain_cursors order by updated_at desc limit 1`,
      );
      return row ? BigInt(row.last) : undefined;
    };
    /** anvil makes a block final 64 blocks behind its head. */
    const finalise = () => anvil.mine(70);

    it('credits an early payer who paid before the watcher ever ran, once the lagging node shows the log', async () => {
      const early = await member();
      await anvil.pay(early.address, 10n * USDT);
      await finalise();
      // The first scan ever: the lagging node answers the range without the log yet.
      expect((await watch()).credited).toBe(0);
      await sleep(LAG_MS + 100);
      // The re-scan window reads the same blocks again: now the log is there.
      expect((await watch()).credited).toBe(1);
      expect(await payments(early.user._id)).toEqual([{ amount: '10000000', periods: 1 }]);
      // The provider refused 500-block ranges; the reader halved down to what it serves.
      expect(reader.currentLogRange).toBeLessThanOrEqual(5n);
    }, 60_000);

    it('credits a payer during a lag episode and a 3 + 7 USDT top-up, each exactly once', async () => {
      const during = await member();
      const topUp = await member();
      await anvil.pay(during.address, 10n * USDT);
      await anvil.pay(topUp.address, 3n * USDT);
      await finalise();
      expect((await watch()).credited).toBe(0);
      await sleep(LAG_MS + 100);
      expect((await watch()).credited).toBe(2);
      await anvil.pay(topUp.address, 7n * USDT);
      await finalise();
      await watch();
      await sleep(LAG_MS + 100);
      await watch();
      await watch();
      expect(await payments(during.user._id)).toEqual([{ amount: '10000000', periods: 1 }]);
      expect(await payments(topUp.user._id)).toEqual([
        { amount: '3000000', periods: 0 },
        { amount: '7000000', periods: 1 },
      ]);
      const sub = await t.services.subscriptions.subscription(topUp.user._id);
      expect(sub).toMatchObject({ subscriptionFee: { paid: true }, creditUsdt: 0 });
    }, 60_000);

    it('a restarted server and a second instance change nothing', async () => {
      const before = await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from subscription_payments`,
      );
      const instance = () =>
        new SubscriptionsService({
          db: t.database.db,
          chain: reader,
          head: new ChainHead(reader, t.services.peers.chainIdentity),
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
        });
      const results = await Promise.all([watch(), instance().scan(), instance().scan()]);
      expect(results.map((r) => r.credited)).toEqual([0, 0, 0]);
      const after = await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from subscription_payments`,
      );
      expect(after).toEqual(before);
    }, 60_000);

    it('a node that times out, answers 429, errs or sends malformed logs never moves the cursor past the payment and never credits twice', async () => {
      proxy.faults = {};
      const payer = await member();
      await watch();
      const before = await cursor();
      await anvil.pay(payer.address, 10n * USDT);
      await finalise();
      for (const fault of [
        { status429: true },
        { rpcError: true },
        { hang: true },
        { malformLogs: true },
      ]) {
        proxy.faults = fault;
        await expect(watch()).rejects.toThrow();
        expect(await cursor()).toBe(before);
      }
      expect(await payments(payer.user._id)).toEqual([]);
      const faults = Object.fromEntries(t.services.subscriptions.health.faults);
      expect(faults).toMatchObject({
        rate_limited: 1,
        rpc_error: 1,
        timeout: 1,
        malformed_log: 1,
      });
      expect(t.services.subscriptions.health.failingSeconds()).toBeGreaterThan(0);
      proxy.faults = {};
      expect((await watch()).credited).toBe(1);
      expect(await payments(payer.user._id)).toHaveLength(1);
      expect(t.services.subscriptions.health.failingSeconds()).toBe(0);
    }, 90_000);

    it.each<[string, AnvilOptions]>([
      ['another chain id', { chainId: 31338 }],
      ['the same chain id with another genesis block', { genesisTimestamp: 1_700_000_000 }],
    ])(
      'a provider switched to %s stops the watcher and alerts administrators at once; a payment made meanwhile is credited once it is back',
      async (_, other) => {
        proxy.faults = {};
        await signedInAdmin(t);
        const stranger = await startAnvil(other);
        const stoppedMails = async () =>
          (await t.services.mail.listMailbox()).filter((m) =>
            m.subject.startsWith('Payment watcher stopped'),
          );
        try {
          // The stranger is another chain by chain id or by genesis hash, as the case says.
          const strangerIdentity = await new EvmChainReader({
            rpcUrl: stranger.rpcUrl,
            usdtContract: stranger.usdt,
            tokenDecimals: stranger.tokenDecimals,
            confirmations: 0,
          }).chainIdentity();
          expect(strangerIdentity).not.toBe(t.services.peers.chainIdentity);
          expect(strangerIdentity.startsWith(`${other.chainId ?? anvil.chainId}:`)).toBe(true);
          await watch();
          const ours = await cursor();
          const mailsBefore = (await stoppedMails()).length;
          const payer = await member();
          proxy.upstream = stranger.rpcUrl;
          await stranger.mine(1_000);
          // Every poll refuses the other chain: nothing of it is read, our position stays.
          await expect(watch()).rejects.toThrow(/chain switched/);
          await expect(watch()).rejects.toThrow(/chain switched/);
          await anvil.pay(payer.address, 10n * USDT);
          await finalise();
          expect(await cursor()).toBe(ours);
          const refreshed = await call(t.app, 'GET', '/api/users/refresh-subscription', {
            token: payer.token,
          });
          expect(refreshed.body).toMatchObject({ errorCode: 'CHAIN_UNAVAILABLE' });
          // Administrators are told at once (not after 10 minutes), once for the episode.
          const mails = await stoppedMails();
          expect(mails).toHaveLength(mailsBefore + 1);
          expect(mails.at(-1)?.textBody).toContain(t.services.peers.chainIdentity);
          expect(t.services.subscriptions.health.faults.get('chain_switched')).toBeGreaterThan(0);
          proxy.upstream = anvil.rpcUrl;
          expect((await watch()).credited).toBe(1);
          expect(await payments(payer.user._id)).toEqual([{ amount: '10000000', periods: 1 }]);
        } finally {
          proxy.upstream = anvil.rpcUrl;
          await stranger.stop();
        }
      },
      120_000,
    );

    it('the reconciliation report is clean, and shows a transfer credited to nobody with its hash', async () => {
      proxy.faults = {};
      await signedInAdmin(t);
      await watch();
      const { reconciliation } = t.services;
      const clean = await reconciliation.runDaily();
      expect(clean.differences).toEqual([]);
      expect(clean).toMatchObject({
        clean: true,
        chain: { checked: true },
        ledger: { checked: true },
        hotWallet: { checked: true },
      });
      expect(clean.chain.transfers).toBe(clean.chain.credited);

      // A lost payment as decision 011 could lose one: the watcher's position moved past it unread.
      const lost = await member();
      const hash = await anvil.pay(lost.address, 10n * USDT);
      await finalise();
      const final = (await anvil.publicClient.getBlock({ blockTag: 'finalized' })).number;
      await t.database.db.execute(sql`update chain_cursors set last_block = ${final}`);
      const report = await reconciliation.runDaily();
      expect(report.clean).toBe(false);
      expect(report.differences).toEqual([
        expect.objectContaining({
          kind: 'TRANSFER_NOT_CREDITED',
          transactionHash: hash.toLowerCase(),
          amount: 10,
        }),
      ]);
      // Kept, and mailed to the administrators.
      expect((await reconciliation.overview()).latest?._id).toBe(report._id);
      const mails = await t.services.mail.listMailbox();
      const alert = mails.find((m) => m.subject === 'Reconciliation: 1 difference found');
      expect(alert?.textBody).toContain(hash.toLowerCase());
      // The watcher's re-scan window credits it after all; the next report is clean again.
      await watch();
      expect((await reconciliation.runDaily()).clean).toBe(true);
    }, 60_000);

    it('an operator finds a payment lost beyond the re-scan window and has it credited by "rescan from block N"', async () => {
      proxy.faults = {};
      const admin = await signedInAdmin(t);
      const lost = await member();
      const hash = await anvil.pay(lost.address, 10n * USDT);
      const { blockNumber } = await anvil.publicClient.getTransactionReceipt({ hash });
      await anvil.mine(600); // final, and more than the 400-block window behind
      const final = (await anvil.publicClient.getBlock({ blockTag: 'finalized' })).number;
      // Lost as decision 011 could lose it: the position moved past it, the address counted as read.
      await t.database.db.execute(sql`update chain_cursors set last_block = ${final}`);
      await t.database.db.execute(
        sql`update users set deposit_caught_up = true where id = ${lost.user._id}`,
      );
      expect((await watch()).credited).toBe(0);
      const { reconciliation, chainRescans } = t.services;
      const report = await reconciliation.runDaily();
      expect(report.differences).toEqual([
        expect.objectContaining({
          kind: 'TRANSFER_NOT_CREDITED',
          transactionHash: hash.toLowerCase(),
        }),
      ]);

      const tooFar = await call(t.app, 'POST', '/api/admin/chain/rescans', {
        token: admin.token,
        body: { fromBlock: Number(final) + 1_000_000 },
      });
      expect(tooFar.status).toBe(400);
      const asked = await call<ChainRescan>(t.app, 'POST', '/api/admin/chain/rescans', {
        token: admin.token,
        body: { fromBlock: Number(blockNumber) },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.data).toMatchObject({ status: 'RUNNING', credited: 0 });
      expect(await chainRescans.continue()).toEqual({ running: 1, credited: 1 });
      expect(await chainRescans.continue()).toEqual({ running: 0, credited: 0 });
      const listed = await call<ChainRescan[]>(t.app, 'GET', '/api/admin/chain/rescans', {
        token: admin.token,
      });
      expect(listed.body.data![0]).toMatchObject({ status: 'DONE', credited: 1 });
      expect(await payments(lost.user._id)).toEqual([{ amount: '10000000', periods: 1 }]);
      expect((await reconciliation.runDaily()).clean).toBe(true);
    }, 60_000);

    it('refuses to start when CHAIN_RPC_URL does not answer eth_getLogs, naming the variable', async () => {
      proxy.faults = { getLogsDisabled: true };
      const config = parseConfig({
        NODE_ENV: 'test',
        DATABASE_URL: 'memory://',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        CHAIN_RPC_URL: proxyUrl,
        CHAIN_ID: String(anvil.chainId),
        USDT_CONTRACT: anvil.usdt,
      });
      const started = connectPeers(config);
      await expect(started).rejects.toBeInstanceOf(ConfigError);
      await expect(started).rejects.toThrow(/^CHAIN_RPC_URL: .*eth_getLogs/);
      proxy.faults = {};
    }, 30_000);
  },
);
