import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@ctn/contracts/onboarding';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { ChainHead, FINAL_TTL_MS } from '../../integrations/chain/chain-head';
import { EvmChainReader } from '../../integrations/chain/chain-reader';
import { MemoryRateLimiter } from '../../lib/rate-limiter';
import { SubscriptionsService } from './subscriptions.service';
import { silentLogger } from '../../lib/logger';

const USDT = 10n ** 18n;
const usdt = (amount: string) => (BigInt(Math.round(Number(amount) * 1e6)) * USDT) / 1_000_000n;

let t: TestApp;
/** The throttling clock: each refresh below comes after the member's 30 s scan turn. */
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { limiter: new MemoryRateLimiter(() => clock) });
});
afterAll(() => t.close());

const chain = () => t.services.peers.simulatedChain!;
/** What a member's refresh may ask the node (the simulator's names, tags included). */
const READ_BY_A_REFRESH = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_getBlockByNumber:finalized',
  'eth_getLogs',
];
const refreshNow = (token: string) =>
  call<Subscription>(t.app, 'GET', '/api/users/refresh-subscription', { token });
const refresh = (token: string) => {
  clock += 31_000;
  return refreshNow(token);
};
const profile = async (token: string) =>
  (
    await call<{ subscriptionFee: { paid: boolean } }>(t.app, 'GET', '/api/users/profile', {
      token,
    })
  ).body.data!;
async function paymentCount(userId: string) {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from subscription_payments where user_id = ${userId}`,
  );
  return row!.n;
}

describe('subscription payments from the chain', () => {
  it('answers an unpaid subscription with the deposit address and the fee due', async () => {
    const member = await signedInMember(t);
    const answer = await refresh(member.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      subscriptionFee: { paid: false, timestamp: null },
      feeUsdt: 10,
      periodDays: 30,
      creditUsdt: 0,
      amountDueUsdt: 10,
      walletAddress: member.user && expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      network: 'BEP20 (BSC)',
      simulatedChain: true,
      payments: [],
    });
  });

  it('credits a payment only once its block is final', async () => {
    const member = await signedInMember(t);
    const address = (await refresh(member.token)).body.data!.walletAddress!;
    chain().transfer(address, usdt('10'));
    expect((await refresh(member.token)).body.data!.subscriptionFee.paid).toBe(false);
    chain().mine(2);
    const after = (await refresh(member.token)).body.data!;
    expect(after.subscriptionFee.paid).toBe(true);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ amount: 10, periodsAdded: 1 });
    expect((await profile(member.token)).subscriptionFee.paid).toBe(true);
  });

  it('shows a transfer in a block not final yet as incoming, then as the payment it becomes', async () => {
    const member = await signedInMember(t);
    const address = (await refresh(member.token)).body.data!.walletAddress!;
    expect((await refresh(member.token)).body.data!.incoming).toEqual([]);
    const hash = chain().transfer(address, usdt('10'));
    const seen = (await refresh(member.token)).body.data!;
    expect(seen.subscriptionFee.paid).toBe(false);
    expect(seen.payments).toEqual([]);
    expect(seen.incoming).toEqual([
      { transactionHash: hash, amount: 10, blockNumber: chain().head, blocksToFinal: 2 },
    ]);
    // Asked again within the scan turn: the same answer, without another chain read.
    const requests = chain().rpcRequests;
    expect((await refreshNow(member.token)).body.data!.incoming).toHaveLength(1);
    expect(chain().rpcRequests).toBe(requests);
    chain().mine(2);
    const credited = (await refresh(member.token)).body.data!;
    expect(credited.subscriptionFee.paid).toBe(true);
    expect(credited.payments.map((p) => p.transactionHash)).toEqual([hash]);
    expect(credited.incoming).toEqual([]);
  });

  it('9.99 USDT does not activate; a later 0.01 does, and the credit carries over', async () => {
    const member = await signedInMember(t);
    const address = (await refresh(member.token)).body.data!.walletAddress!;
    chain().transfer(address, usdt('9.99'));
    chain().mine(3);
    const short = (await refresh(member.token)).body.data!;
    expect(short).toMatchObject({ subscriptionFee: { paid: false }, creditUsdt: 9.99 });
    expect(short.amountDueUsdt).toBeCloseTo(0.01, 6);
    chain().transfer(address, usdt('0.01'));
    chain().mine(3);
    const paid = (await refresh(member.token)).body.data!;
    expect(paid).toMatchObject({
      subscriptionFee: { paid: true },
      creditUsdt: 0,
      amountDueUsdt: 0,
    });
    expect(paid.payments.map((p) => [p.amount, p.periodsAdded])).toEqual([
      [0.01, 1],
      [9.99, 0],
    ]);
    // A receipt per payment: the first kept as credit, the second with the paid-until date.
    const receipts = (await t.services.mail.listMailbox()).filter(
      (m) => m.toAddress === member.email && m.subject === 'Payment received',
    );
    expect(receipts).toHaveLength(2);
    const [second, first] = receipts;
    expect(first!.textBody).toContain('We received 9.99 USDT (BEP20)');
    expect(first!.textBody).toContain('kept as credit toward your next period');
    expect(second!.textBody).toContain('We received 0.01 USDT (BEP20)');
    // The simulated chain has no public explorer: the hash itself, never a link to one.
    expect(second!.textBody).toMatch(/Transaction: 0x[0-9a-f]{64}\n/);
    expect(second!.textBody).toContain('Your subscription is now paid until');
    expect(second!.textBody).toContain('/profile');
  });

  it('the same log seen again, by the watcher and by refreshes, and by two scans at once, credits once', async () => {
    const member = await signedInMember(t);
    const address = (await refresh(member.token)).body.data!.walletAddress!;
    chain().transfer(address, usdt('25'));
    chain().mine(3);
    await Promise.all([
      t.services.subscriptions.scan(),
      t.services.subscriptions.scan(),
      refresh(member.token),
      refresh(member.token),
    ]);
    await t.services.subscriptions.scan();
    expect(await paymentCount(member.user._id)).toBe(1);
    const sub = (await refresh(member.token)).body.data!;
    expect(sub.payments[0]).toMatchObject({ amount: 25, periodsAdded: 2 });
    // The receipt's period: the two periods began at the credit, 60 days before paid-until.
    const receipt = sub.payments[0]!;
    expect(Date.parse(receipt.paidUntil!) - Date.parse(receipt.paidFrom!)).toBe(60 * 86_400_000);
    expect(Math.abs(Date.parse(receipt.paidFrom!) - Date.parse(receipt.creditedAt))).toBeLessThan(
      1_000,
    );
    expect(sub.creditUsdt).toBe(5);
    const days = (new Date(sub.paidUntil!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
  });

  it('a restarted watcher resumes from the stored block (less the re-scan window) and credits nothing twice', async () => {
    const member = await signedInMember(t);
    const address = (await refresh(member.token)).body.data!.walletAddress!;
    chain().transfer(address, usdt('10'));
    chain().mine(3);
    const first = await t.services.subscriptions.scan();
    expect(first.credited).toBe(1);
    const restarted = new SubscriptionsService({
      db: t.database.db,
      chain: t.services.peers.chain,
      head: new ChainHead(t.services.peers.chain, t.services.peers.chainIdentity),
      limiter: new MemoryRateLimiter(),
      rescanBlocks: 400,
      usdtContract: t.services.peers.usdtContract,
      explorerUrl: 'https://testnet.bscscan.com',
      simulatedChain: null,
      log: silentLogger,
      mail: t.services.mail,
      publicUrl: 'http://app.test',
      settings: t.services.settings,
      rewards: t.services.rewards,
    });
    const again = await restarted.scan();
    expect(again).toEqual({ credited: 0, lastBlock: first.lastBlock });
    chain().transfer(address, usdt('10'));
    chain().mine(3);
    expect((await restarted.scan()).credited).toBe(1);
    expect(await paymentCount(member.user._id)).toBe(2);
  });

  it("a transfer to an address that is not a member's is ignored", async () => {
    chain().transfer('0x000000000000000000000000000000000000dEaD', usdt('10'));
    chain().mine(3);
    expect((await t.services.subscriptions.scan()).credited).toBe(0);
  });
});

describe('expiry reminders', () => {
  it('mails a member 3 days before the period ends, once per period', async () => {
    const member = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '2 days 23 hours' where id = ${member.user._id}`,
    );
    const later = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '10 days' where id = ${later.user._id}`,
    );
    expect(await t.services.subscriptions.sendExpiryReminders()).toBe(1);
    expect(await t.services.subscriptions.sendExpiryReminders()).toBe(0);
    const mails = (await t.services.mail.listMailbox()).filter((m) => m.toAddress === member.email);
    expect(mails.map((m) => m.subject)).toContain('Your subscription ends in 3 days');
    expect(mails[0]!.textBody).toContain('http://app.test/profile');
    // A new period brings a new reminder when it nears its end.
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '2 days' where id = ${member.user._id}`,
    );
    expect(await t.services.subscriptions.sendExpiryReminders()).toBe(1);
  });
});

describe('POST /dev/api/simulate-payment (development only)', () => {
  it('sends, confirms and credits a payment for the signed-in member', async () => {
    const member = await signedInMember(t);
    const answer = await call<Subscription>(t.app, 'POST', '/dev/api/simulate-payment', {
      token: member.token,
      body: { amount: 10 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'PAYMENT_SIMULATED',
      data: { subscriptionFee: { paid: true } },
    });
    expect(
      (await call(t.app, 'POST', '/dev/api/simulate-payment', { body: { amount: 10 } })).status,
    ).toBe(401);
  });
});

describe('when the chain cannot be reached', () => {
  it('the watcher fails without moving, and administrators are mailed once it has failed for 10 minutes', async () => {
    await signedInAdmin(t);
    let now = new Date('2026-11-24T10:00:00Z');
    const down = new EvmChainReader({
      rpcUrl: 'http://127.0.0.1:9',
      usdtContract: t.services.peers.usdtContract,
      tokenDecimals: 18,
      confirmations: 3,
    });
    const watcher = new SubscriptionsService({
      db: t.database.db,
      chain: down,
      head: new ChainHead(down, t.services.peers.chainIdentity),
      limiter: new MemoryRateLimiter(),
      rescanBlocks: 400,
      usdtContract: t.services.peers.usdtContract,
      explorerUrl: 'https://testnet.bscscan.com',
      simulatedChain: null,
      log: silentLogger,
      mail: t.services.mail,
      publicUrl: 'http://app.test',
      settings: t.services.settings,
      rewards: t.services.rewards,
      now: () => now,
    });
    const alerts = async () =>
      (await t.services.mail.listMailbox()).filter((m) =>
        m.subject.startsWith('Payment watcher failing'),
      ).length;
    const before = await alerts();
    await expect(watcher.watch()).rejects.toThrow();
    now = new Date('2026-11-24T10:09:00Z');
    await expect(watcher.watch()).rejects.toThrow();
    expect(await alerts()).toBe(before);
    now = new Date('2026-11-24T10:10:30Z');
    await expect(watcher.watch()).rejects.toThrow();
    now = new Date('2026-11-24T10:11:00Z');
    await expect(watcher.watch()).rejects.toThrow();
    expect(await alerts()).toBe(before + 1);
    expect(Object.fromEntries(watcher.health.faults)).toEqual({ unreachable: 4 });
  });

  it('200 refreshes sent at once by one member cost the node one scan', async () => {
    const m = await signedInMember(t);
    clock += 31_000;
    const before = new Map(chain().rpcByMethod);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => refreshNow(m.token)));
    const elapsedMs = Date.now() - started;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const calls = (method: string) =>
      (chain().rpcByMethod.get(method) ?? 0) - (before.get(method) ?? 0);
    // One scan: the member's final range, then the head and the blocks still confirming.
    expect(calls('eth_getLogs')).toBeLessThanOrEqual(2);
    expect(calls('eth_blockNumber')).toBeLessThanOrEqual(1);
    expect(calls('eth_chainId')).toBeLessThanOrEqual(1);
    // Every answer shows the watcher's position: the final block read once for them all, and
    // again only once it is older than FINAL_TTL_MS (the 200 answers take longer on a busy CI).
    expect(calls('eth_getBlockByNumber:finalized')).toBeLessThanOrEqual(
      1 + Math.floor(elapsedMs / FINAL_TTL_MS),
    );
    const used = [...chain().rpcByMethod.keys()].filter((method) => calls(method) > 0);
    expect(used.filter((method) => !READ_BY_A_REFRESH.includes(method))).toEqual([]);
  });

  it('a refresh answers CHAIN_UNAVAILABLE', async () => {
    const base = await createTestApp();
    const peers = {
      ...base.services.peers,
      chain: new EvmChainReader({
        rpcUrl: 'http://127.0.0.1:9',
        usdtContract: base.services.peers.usdtContract,
        tokenDecimals: 18,
        confirmations: 3,
      }),
    };
    const down = await createTestApp({}, { peers });
    try {
      const member = await signedInMember(down);
      const answer = await call(down.app, 'GET', '/api/users/refresh-subscription', {
        token: member.token,
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        errorCode: 'CHAIN_UNAVAILABLE',
        error: 'The payment network could not be reached. Please try again in a minute.',
      });
    } finally {
      await down.close();
      await base.close();
    }
  });
});
