import { sql } from 'drizzle-orm';
import { createWalletClient, http, parseAbiItem } from 'viem';
import { foundry } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { HotWallet, PayoutChain } from '../../integrations/chain/payout-wallet';
import { silentLogger } from '../../lib/logger';
import {
  anvilAvailable,
  anvilPeers,
  ERC20_ABI,
  SECOND_KEY,
  startAnvil,
  type LocalChain,
} from '../../../test/evm/anvil';
import { RpcProxy } from '../../../test/evm/rpc-proxy';
import {
  createTestApp,
  inGoodStanding,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';
import { PayoutsService } from './payouts.service';

/**
 * The ways a hot wallet pays a member twice (decision 045), on a real node: a node that drops
 * a transaction it passed on, a crash between signing and storing, a retry after a timeout, a
 * rejection while the transfer waits in a pool. Each ends with exactly one USDT Transfer on
 * chain per approved request and none for a rejected one, counted from the chain's own logs.
 */

const HOT = privateKeyToAccount(SECOND_KEY).address;
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

describe.skipIf(!anvilAvailable())('a payout is never paid twice (anvil)', () => {
  let anvil: LocalChain;
  let proxy: RpcProxy;
  /** The one node the payouts ask: anvil behind the proxy. */
  let node: string;
  let t: TestApp;
  let adminId: string;
  let signFault: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    anvil = await startAnvil({ slotsInAnEpoch: 1 });
    proxy = new RpcProxy(anvil.rpcUrl);
    node = await proxy.listen();
    t = await createTestApp(
      {
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_ID: String(anvil.chainId),
        USDT_CONTRACT: anvil.usdt,
        PAYOUT_PRIVATE_KEY: SECOND_KEY,
      },
      { peers: await anvilPeers(anvil), payoutFaults: { afterSign: async () => signFault?.() } },
    );
    adminId = (await signedInAdmin(t)).user._id;
    await anvil.pay(HOT, 1_000n * 10n ** 18n);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await anvil?.stop();
  });
  beforeEach(async () => {
    proxy.faults = {};
    await anvil.testClient.setAutomine(true);
  });

  const actor = () => ({ id: adminId, email: 'admin@example.com', ip: null });

  /** Payouts through `rpcUrl` (the proxy: the one node asked), quick to give up waiting. */
  function payoutsVia(rpcUrl: string, replaceAfterMs = 3 * 60_000) {
    return new PayoutsService({
      db: t.database.db,
      settlement: t.services.withdrawalSettlement,
      chain: new PayoutChain({
        rpcUrl,
        usdtContract: anvil.usdt,
        tokenDecimals: anvil.tokenDecimals,
      }),
      wallet: new HotWallet(SECOND_KEY),
      finalizedBlock: async () =>
        (await anvil.publicClient.getBlock({ blockTag: 'finalized' })).number,
      log: silentLogger,
      receiptTimeoutMs: 400,
      pollMs: 50,
      replaceAfterMs,
    });
  }

  async function pendingRequest(micro: bigint) {
    const member = await signedInMember(t);
    await inGoodStanding(t, member.user._id);
    const userId = member.user._id;
    await postEntry(t.database.db, {
      userId,
      kind: 'REWARD_DIRECT',
      sourceKey: `test:${userId}`,
      delta: { available: micro, earned: micro },
    });
    await t.database.db.execute(sql`
      insert into withdrawal_otps (user_id, code_hash, expires_at)
      values (${userId}, ${t.services.otp.hash(userId, '123456')}, now() + interval '10 minutes')`);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const created = await t.services.withdrawals.create(userId, {
      amount: Number(micro) / 1e6,
      walletAddress: address,
      asset: 'USDT',
      otp: '123456',
    });
    return { userId, address, id: created._id };
  }

  /** USDT Transfer logs from the hot wallet to `to`, read from the chain. */
  const transfersTo = async (to: `0x${string}`) =>
    (
      await anvil.publicClient.getLogs({
        address: anvil.usdt,
        event: TRANSFER,
        args: { from: HOT, to },
        fromBlock: 0n,
      })
    ).length;
  const status = async (id: string) =>
    (
      await rowsOf<{ status: string; payoutState: string; hash: string | null }>(
        t.database.db,
        sql`select status, payout_state as "payoutState", transaction_hash as hash
              from withdrawals where id = ${id}`,
      )
    )[0]!;
  const attemptHashes = async (id: string) =>
    (
      await rowsOf<{ hash: string; kind: string; nonce: string }>(
        t.database.db,
        sql`select hash, kind, nonce::text from payout_attempts
             where withdrawal_id = ${id} order by created_at`,
      )
    ).map((a) => a);
  /** Mines until the newest block is final (anvil: two blocks on with one slot an epoch). */
  const mineFinal = () => anvil.mine(4);

  it('a node that drops the transaction while another mines it: one transfer, by the first hash', async () => {
    const payouts = payoutsVia(node);
    const a = await pendingRequest(21_000_000n);
    const b = await pendingRequest(22_000_000n);
    await anvil.testClient.setAutomine(false);
    // The node asked refuses the bytes and forgets them, but has passed them on.
    proxy.faults = { forgetTransactions: true };
    await expect(payouts.sendAndApprove(a.id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_UNAVAILABLE',
      message: expect.stringContaining('stays reserved'),
    });
    expect(await status(a.id)).toMatchObject({ status: 'PENDING', payoutState: 'SENDING' });
    const [first] = await attemptHashes(a.id);
    proxy.faults = {};
    // Another payout never takes the reserved nonce.
    await expect(payouts.sendAndApprove(b.id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_PENDING',
    });
    expect((await attemptHashes(b.id))[0]!.nonce).toBe(String(BigInt(first!.nonce) + 1n));
    // "Approve and send" again: the same nonce, never a new one.
    await expect(payouts.sendAndApprove(a.id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_PENDING',
    });
    expect(new Set((await attemptHashes(a.id)).map((x) => x.nonce))).toEqual(
      new Set([first!.nonce]),
    );

    await anvil.testClient.setAutomine(true);
    await mineFinal();
    expect(await payouts.recover()).toMatchObject({ settled: 2, failed: 0, waiting: 0 });
    expect(await status(a.id)).toMatchObject({ status: 'APPROVED', hash: first!.hash });
    expect(await status(b.id)).toMatchObject({ status: 'APPROVED' });
    expect(await transfersTo(a.address)).toBe(1);
    expect(await transfersTo(b.address)).toBe(1);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('a crash between signing and storing: nothing left anywhere; the retry pays once', async () => {
    const { address, id } = await pendingRequest(23_000_000n);
    const pendingBefore = await anvil.publicClient.getTransactionCount({
      address: HOT,
      blockTag: 'pending',
    });
    signFault = async () => {
      throw new Error('injected crash after signing');
    };
    await expect(t.services.payouts.sendAndApprove(id, actor())).rejects.toThrow(
      'injected crash after signing',
    );
    signFault = null;
    expect(await status(id)).toMatchObject({ status: 'PENDING', payoutState: 'NONE' });
    expect(await attemptHashes(id)).toEqual([]);
    expect(
      await anvil.publicClient.getTransactionCount({ address: HOT, blockTag: 'pending' }),
    ).toBe(pendingBefore);

    const payouts = payoutsVia(anvil.rpcUrl);
    const miner = setInterval(() => void anvil.mine(1).catch(() => undefined), 100);
    try {
      payouts.sendAndApprove(id, actor()).catch(() => undefined);
      for (let i = 0; i < 100 && (await status(id)).status !== 'APPROVED'; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        await payouts.recover();
      }
    } finally {
      clearInterval(miner);
    }
    expect(await status(id)).toMatchObject({ status: 'APPROVED', payoutState: 'SENT' });
    expect(await transfersTo(address)).toBe(1);
  });

  it('a retry after a timeout replaces the transaction at its nonce; one of them pays', async () => {
    const payouts = payoutsVia(anvil.rpcUrl, 0);
    const { address, id } = await pendingRequest(24_000_000n);
    await anvil.testClient.setAutomine(false);
    await expect(payouts.sendAndApprove(id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_PENDING',
    });
    await expect(payouts.sendAndApprove(id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_PENDING',
    });
    const attempts = await attemptHashes(id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.nonce).toBe(attempts[0]!.nonce);

    await anvil.testClient.setAutomine(true);
    await mineFinal();
    expect(await payouts.recover()).toMatchObject({ settled: 1 });
    expect(await status(id)).toMatchObject({ status: 'APPROVED', payoutState: 'SENT' });
    expect([attempts[0]!.hash, attempts[1]!.hash]).toContain((await status(id)).hash);
    expect(await transfersTo(address)).toBe(1);
  });

  it('a rejection while the transfer waits in a pool: the cancellation takes its nonce; no transfer', async () => {
    const payouts = payoutsVia(anvil.rpcUrl);
    const { userId, address, id } = await pendingRequest(25_000_000n);
    await anvil.testClient.setAutomine(false);
    await expect(payouts.sendAndApprove(id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_PENDING',
    });
    await expect(
      payouts.abandon(id, { status: 'REJECTED', reason: 'Suspicious', by: adminId }),
    ).rejects.toMatchObject({ code: 'PAYOUT_CANCELLING' });
    expect(await status(id)).toMatchObject({ status: 'PENDING', payoutState: 'CANCELLING' });
    // A member's cancel meanwhile waits for the same cancellation.
    await expect(
      payouts.abandon(id, { status: 'CANCELLED', reason: null, by: userId }),
    ).rejects.toMatchObject({ code: 'PAYOUT_CANCELLING' });

    await anvil.testClient.setAutomine(true);
    await mineFinal();
    expect(await payouts.recover()).toMatchObject({ settled: 1 });
    expect(await status(id)).toMatchObject({ status: 'REJECTED', payoutState: 'FAILED' });
    expect(await transfersTo(address)).toBe(0);
    expect(await t.services.ledger.balanceOf(userId)).toMatchObject({
      availableMicro: 25_000_000n,
      pendingMicro: 0n,
    });
  });

  it('a rejection of a transfer another node mined: the request is paid, the rejection refused', async () => {
    const payouts = payoutsVia(node);
    const { address, id } = await pendingRequest(26_000_000n);
    proxy.faults = { forgetTransactions: true };
    await expect(payouts.sendAndApprove(id, actor())).rejects.toMatchObject({
      code: 'PAYOUT_UNAVAILABLE',
    });
    proxy.faults = {};
    await mineFinal();
    await expect(
      payouts.abandon(id, { status: 'REJECTED', reason: 'Changed my mind', by: adminId }),
    ).rejects.toMatchObject({ code: 'WITHDRAWAL_ALREADY_PROCESSED' });
    expect(await status(id)).toMatchObject({ status: 'APPROVED', payoutState: 'SENT' });
    expect(await transfersTo(address)).toBe(1);
  });

  it('reconciliation matches every transfer out of the hot wallet; an extra one is alerted once', async () => {
    const outflowDiffs = (r: { differences: { kind: string; transactionHash: string | null }[] }) =>
      r.differences.filter((d) => d.kind.startsWith('OUTFLOW_'));
    await mineFinal();
    const clean = await t.services.reconciliation.runDaily();
    expect(clean.outflows).toMatchObject({ checked: true });
    const [sent] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from withdrawals where payout_state = 'SENT'`,
    );
    expect(sent!.n).toBeGreaterThan(0);
    expect(clean.outflows!.transfers).toBe(sent!.n);
    expect(clean.outflows!.matched).toBe(clean.outflows!.transfers);
    expect(outflowDiffs(clean)).toEqual([]);

    // The hot wallet's key used outside the product: a transfer no withdrawal accounts for.
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const hot = createWalletClient({
      account: privateKeyToAccount(SECOND_KEY),
      chain: { ...foundry, id: anvil.chainId },
      transport: http(anvil.rpcUrl),
    });
    const extra = await hot.writeContract({
      address: anvil.usdt,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [stranger, 5n * 10n ** 18n],
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: extra, pollingInterval: 50 });
    // And an approved request paid twice: a second hash of its own attempts, mined.
    const [paid] = await rowsOf<{ id: string; address: string; amount: string }>(
      t.database.db,
      sql`select id, wallet_address as address, amount_micro::text as amount from withdrawals
           where status = 'APPROVED' and payout_state = 'SENT' limit 1`,
    );
    const twice = await hot.writeContract({
      address: anvil.usdt,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [paid!.address as `0x${string}`, BigInt(paid!.amount) * 10n ** 12n],
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: twice, pollingInterval: 50 });
    await t.database.db.execute(sql`
      insert into payout_attempts (withdrawal_id, kind, from_address, nonce, hash, raw_tx)
      values (${paid!.id}, 'PAYOUT', ${HOT}, 0, ${twice}, '0x')`);
    await mineFinal();

    const mails = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from mail_outbox where subject ilike '%reconciliation%'`,
        )
      )[0]!.n;
    const before = await mails();
    const found = await t.services.reconciliation.runDaily();
    expect(found.clean).toBe(false);
    expect(outflowDiffs(found)).toEqual([
      expect.objectContaining({ kind: 'OUTFLOW_UNMATCHED', transactionHash: extra }),
      expect.objectContaining({ kind: 'OUTFLOW_DUPLICATE', transactionHash: twice }),
    ]);
    const alerted = await mails();
    expect(alerted).toBeGreaterThan(before);
    // The next run still reports them (the page shows them) but mails nobody again.
    const again = await t.services.reconciliation.runDaily();
    expect(outflowDiffs(again)).toHaveLength(2);
    expect(await mails()).toBe(alerted);
  });
});
