import type { AdminWithdrawal, ChainCheck, WithdrawalReview } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { HotWallet, PayoutChain } from '../../integrations/chain/payout-wallet';
import {
  anvilAvailable,
  anvilPeers,
  ERC20_ABI,
  SECOND_KEY,
  startAnvil,
  type LocalChain,
} from '../../../test/evm/anvil';
import {
  call,
  createTestApp,
  signedInAdmin,
  inGoodStanding,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';
import { PayoutsService } from './payouts.service';
import { silentLogger } from '../../lib/logger';

const USDT = 10n ** 18n;
const MICRO = 10n ** 12n;
const HOT = privateKeyToAccount(SECOND_KEY).address;

describe.skipIf(!anvilAvailable())('hot-wallet payouts on a real EVM node (anvil)', () => {
  let anvil: LocalChain;
  let t: TestApp;
  let admin: { token: string };
  let adminId: string;
  /** The fault injected after a payout's intent is stored (null: none). */
  let fault: (() => Promise<void>) | null = null;

  /** Blocks keep coming, as on a real chain, so a payout's block becomes final (2 blocks on). */
  let mining = true;
  let miner: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    anvil = await startAnvil({ slotsInAnEpoch: 1 });
    miner = setInterval(() => {
      if (mining) anvil.mine(1).catch(() => undefined);
    }, 100);
    const peers = await anvilPeers(anvil);
    t = await createTestApp(
      {
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_ID: String(anvil.chainId),
        USDT_CONTRACT: anvil.usdt,
        PAYOUT_PRIVATE_KEY: SECOND_KEY,
      },
      { peers, payoutFaults: { afterIntent: async () => fault?.() } },
    );
    const signedIn = await signedInAdmin(t);
    admin = signedIn;
    adminId = signedIn.user._id;
    // The hot wallet: anvil's second account (gas money), given USDT by the token's deployer.
    await anvil.pay(HOT, 1_000n * USDT);
  }, 60_000);
  afterAll(async () => {
    clearInterval(miner);
    await t?.close();
    await anvil?.stop();
  });

  /** A member with a PENDING request of `micro` to a fresh address of their own. */
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

  const tokenBalance = (address: `0x${string}`) =>
    anvil.publicClient.readContract({
      address: anvil.usdt,
      abi: ERC20_ABI,
      functionName: 'balanceOf',
      args: [address],
    });
  const hotNonce = () => anvil.publicClient.getTransactionCount({ address: HOT });
  const send = (id: string) =>
    call<AdminWithdrawal>(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED', send: true },
    });
  const check = async (id: string, transactionHash: string) =>
    (
      await call<ChainCheck>(t.app, 'POST', `/api/withdrawals/admin/${id}/check-transaction`, {
        token: admin.token,
        body: { transactionHash },
      })
    ).body.data!;
  const stored = async (id: string) =>
    (
      await rowsOf<{
        status: string;
        payoutState: string;
        hash: string | null;
        rawTx: string | null;
        nonce: string | null;
        error: string | null;
      }>(
        t.database.db,
        sql`select status, payout_state as "payoutState", transaction_hash as hash,
                   payout_raw_tx as "rawTx", payout_nonce::text as nonce, payout_error as error
              from withdrawals where id = ${id}`,
      )
    )[0]!;
  const finalized = async () =>
    (await anvil.publicClient.getBlock({ blockTag: 'finalized' })).number;
  const balances = async (userId: string) => (await t.services.ledger.balanceOf(userId))!;

  it('approve and send pays the address exactly the amount, once, and approves with the hash', async () => {
    const { userId, address, id } = await pendingRequest(12_500_000n);
    const review = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(review.body.data!.canSend).toBe(true);
    const nonceBefore = await hotNonce();

    const sent = await send(id);
    expect(sent.status).toBe(200);
    const hash = sent.body.data!.transactionHash!;
    expect(sent.body.data).toMatchObject({ status: 'APPROVED', payout: 'SENT' });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(address)).toBe(12_500_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 1);
    const receipt = await anvil.publicClient.getTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(HOT.toLowerCase());
    expect(await balances(userId)).toMatchObject({
      availableMicro: 0n,
      pendingMicro: 0n,
      totalWithdrawnMicro: 12_500_000n,
    });
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);

    // A second click: already processed, nothing signed or sent.
    const again = await send(id);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await tokenBalance(address)).toBe(12_500_000n * MICRO);

    // The check of a pasted hash: this payout, a transfer of another amount, nothing.
    expect(await check(id, hash)).toEqual({
      state: 'VERIFIED',
      detail: expect.stringContaining('Transfer of 12.50 USDT to'),
    });
    const other = await anvil.pay(address, 3n * USDT);
    const mismatch = await check(id, other);
    expect(mismatch.state).toBe('MISMATCH');
    expect(mismatch.detail).toMatch(
      /^Transfer of 3\.00 USDT to 0x.{4}….{4} \(expected 12\.50 USDT/,
    );
    expect((await check(id, `0x${'ab'.repeat(32)}`)).state).toBe('NOT_FOUND');
    // The review shows the check of the stored hash.
    const reviewed = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(reviewed.body.data!.chainCheck?.state).toBe('VERIFIED');
  });

  it('a crash between intent and broadcast: nothing is paid; recovery sends the stored bytes once', async () => {
    const { userId, address, id } = await pendingRequest(20_000_000n);
    const nonceBefore = await hotNonce();
    fault = async () => {
      throw new Error('injected crash after the intent');
    };
    const crashed = await send(id);
    fault = null;
    expect(crashed.status).toBe(500);

    const intent = await stored(id);
    expect(intent).toMatchObject({
      status: 'PENDING',
      payoutState: 'SENDING',
      nonce: String(nonceBefore),
    });
    expect(intent.rawTx).toMatch(/^0x[0-9a-f]+$/);
    expect(intent.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(address)).toBe(0n);
    expect(await hotNonce()).toBe(nonceBefore);
    expect((await balances(userId)).pendingMicro).toBe(20_000_000n);

    expect(await t.services.payouts.recover()).toEqual({ settled: 1, failed: 0, waiting: 0 });
    expect(await tokenBalance(address)).toBe(20_000_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await stored(id)).toMatchObject({
      status: 'APPROVED',
      payoutState: 'SENT',
      hash: intent.hash,
    });
    expect(await balances(userId)).toMatchObject({
      pendingMicro: 0n,
      totalWithdrawnMicro: 20_000_000n,
    });
    const audit = await rowsOf<{ actor: string }>(
      t.database.db,
      sql`select actor_email as actor from audit_log
           where action = 'WITHDRAWAL_REVIEWED' and target_id = ${id}`,
    );
    expect(audit).toEqual([{ actor: 'admin@example.com' }]);

    // Again: nothing left to do, nothing sent.
    expect(await t.services.payouts.recover()).toEqual({ settled: 0, failed: 0, waiting: 0 });
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await tokenBalance(address)).toBe(20_000_000n * MICRO);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('a click on a request being sent finishes the stored bytes instead of signing again', async () => {
    const { address, id } = await pendingRequest(10_000_000n);
    const nonceBefore = await hotNonce();
    fault = async () => {
      throw new Error('injected crash after the intent');
    };
    await send(id);
    fault = null;
    const intent = await stored(id);

    const resumed = await send(id);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ status: 'APPROVED', transactionHash: intent.hash });
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await tokenBalance(address)).toBe(10_000_000n * MICRO);
  });

  it('concurrent payouts take distinct nonces; concurrent clicks and recoveries pay once', async () => {
    const nonceBefore = await hotNonce();
    const [a, b] = [await pendingRequest(10_000_000n), await pendingRequest(15_000_000n)];
    const both = await Promise.all([send(a.id), send(b.id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await tokenBalance(a.address)).toBe(10_000_000n * MICRO);
    expect(await tokenBalance(b.address)).toBe(15_000_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 2);

    const c = await pendingRequest(13_000_000n);
    const twice = await Promise.all([send(c.id), send(c.id)]);
    expect(twice.some((r) => r.status === 200)).toBe(true);
    for (const r of twice)
      if (r.status !== 200) expect(r.body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect(await tokenBalance(c.address)).toBe(13_000_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 3);

    const d = await pendingRequest(14_000_000n);
    fault = async () => {
      throw new Error('injected crash after the intent');
    };
    await send(d.id);
    fault = null;
    const reports = await Promise.all([t.services.payouts.recover(), t.services.payouts.recover()]);
    expect(reports.reduce((n, r) => n + r.settled, 0)).toBe(1);
    expect(await tokenBalance(d.address)).toBe(14_000_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 4);
    expect((await stored(d.id)).status).toBe('APPROVED');
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('a slow chain: the click is told it is being confirmed; recovery approves once its block is final', async () => {
    const { address, id } = await pendingRequest(16_000_000n);
    const nonceBefore = await hotNonce();
    const quick = new PayoutsService({
      db: t.database.db,
      settlement: t.services.withdrawalSettlement,
      chain: new PayoutChain({
        rpcUrl: anvil.rpcUrl,
        usdtContract: anvil.usdt,
        tokenDecimals: anvil.tokenDecimals,
      }),
      wallet: new HotWallet(SECOND_KEY),
      finalizedBlock: () => finalized(),
      log: silentLogger,
      receiptTimeoutMs: 300,
      pollMs: 50,
    });
    const actor = { id: adminId, email: 'admin@example.com', ip: null };
    mining = false;
    await anvil.testClient.setAutomine(false);
    try {
      await expect(quick.sendAndApprove(id, actor)).rejects.toMatchObject({
        code: 'PAYOUT_PENDING',
        message: expect.stringContaining('being confirmed'),
      });
      expect(await stored(id)).toMatchObject({ status: 'PENDING', payoutState: 'SENDING' });
      // Still in the pool: the same bytes again are "known", nothing new is signed.
      expect(await quick.recover()).toEqual({ settled: 0, failed: 0, waiting: 1 });
    } finally {
      await anvil.testClient.setAutomine(true);
    }
    // Mined, but its block is not final yet: still waiting, nothing settled.
    await anvil.mine(1);
    expect(await quick.recover()).toEqual({ settled: 0, failed: 0, waiting: 1 });
    expect(await stored(id)).toMatchObject({ status: 'PENDING', payoutState: 'SENDING' });
    // Two blocks later it is final: settled.
    await anvil.mine(2);
    expect(await quick.recover()).toEqual({ settled: 1, failed: 0, waiting: 0 });
    mining = true;
    expect(await stored(id)).toMatchObject({ status: 'APPROVED', payoutState: 'SENT' });
    expect(await tokenBalance(address)).toBe(16_000_000n * MICRO);
    expect(await hotNonce()).toBe(nonceBefore + 1);
  });

  it('a rotated hot wallet counts its own nonces from 0: the old wallet neither blocks nor shifts it', async () => {
    // The old wallet has signed payouts above (nonces 0, 1, ... of HOT are held in the table).
    const oldNonces = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from withdrawals where payout_nonce is not null`,
    );
    expect(oldNonces[0]!.n).toBeGreaterThan(0);
    const newKey = generatePrivateKey();
    const newAddress = privateKeyToAccount(newKey).address;
    await anvil.testClient.setBalance({ address: newAddress, value: 10n ** 18n });
    await anvil.pay(newAddress, 100n * USDT);
    const rotated = new PayoutsService({
      db: t.database.db,
      settlement: t.services.withdrawalSettlement,
      chain: new PayoutChain({
        rpcUrl: anvil.rpcUrl,
        usdtContract: anvil.usdt,
        tokenDecimals: anvil.tokenDecimals,
      }),
      wallet: new HotWallet(newKey),
      finalizedBlock: () => finalized(),
      log: silentLogger,
    });
    const { address, id } = await pendingRequest(11_000_000n);
    await rotated.sendAndApprove(id, { id: adminId, email: 'admin@example.com', ip: null });

    expect(await stored(id)).toMatchObject({ status: 'APPROVED', payoutState: 'SENT', nonce: '0' });
    const receipt = await anvil.publicClient.getTransactionReceipt({
      hash: (await stored(id)).hash as `0x${string}`,
    });
    expect(receipt.from.toLowerCase()).toBe(newAddress.toLowerCase());
    expect(await tokenBalance(address)).toBe(11_000_000n * MICRO);
  });

  it('recovery never pushes the bytes of a request decided by hand meanwhile', async () => {
    const { address, id } = await pendingRequest(17_000_000n);
    const nonceBefore = await hotNonce();
    fault = async () => {
      throw new Error('injected crash after the intent');
    };
    await send(id);
    fault = null;
    // As if an administrator had rejected it while it was being sent.
    await t.database.db.execute(sql`update withdrawals set status = 'REJECTED' where id = ${id}`);
    expect(await t.services.payouts.recover()).toEqual({ settled: 0, failed: 1, waiting: 0 });
    expect(await stored(id)).toMatchObject({ payoutState: 'FAILED', nonce: null });
    expect(await tokenBalance(address)).toBe(0n);
    expect(await hotNonce()).toBe(nonceBefore);
  });

  it('bytes the node refuses (no gas money): still PENDING, its nonce kept; the retry sends it', async () => {
    const { address, id } = await pendingRequest(11_000_000n);
    const nonceBefore = await hotNonce();
    const gasMoney = await anvil.publicClient.getBalance({ address: HOT });
    fault = () => anvil.testClient.setBalance({ address: HOT, value: 0n });
    const refused = await send(id);
    fault = null;
    await anvil.testClient.setBalance({ address: HOT, value: gasMoney });
    expect(refused.status).toBe(503);
    expect(refused.body.errorCode).toBe('PAYOUT_UNAVAILABLE');
    // Handed to a node: its nonce is never released (another node may hold the bytes).
    expect(await stored(id)).toMatchObject({
      status: 'PENDING',
      payoutState: 'SENDING',
      nonce: String(nonceBefore),
    });
    expect((await stored(id)).error).toMatch(/Refused by the node/);
    expect(await tokenBalance(address)).toBe(0n);
    expect(await hotNonce()).toBe(nonceBefore);

    const retried = await send(id);
    expect(retried.status).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'APPROVED',
      payoutState: 'SENT',
      nonce: String(nonceBefore),
    });
    expect(await tokenBalance(address)).toBe(11_000_000n * MICRO);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('a rejection of a refused payout cancels its nonce on chain first; nothing is paid', async () => {
    const { userId, address, id } = await pendingRequest(12_000_000n);
    const nonceBefore = await hotNonce();
    const gasMoney = await anvil.publicClient.getBalance({ address: HOT });
    fault = () => anvil.testClient.setBalance({ address: HOT, value: 0n });
    expect((await send(id)).status).toBe(503);
    fault = null;
    await anvil.testClient.setBalance({ address: HOT, value: gasMoney });

    const rejected = await call<AdminWithdrawal>(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'REJECTED', reason: 'Wrong network' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', payout: 'FAILED' });
    // The nonce went to a zero-value transfer to the hot wallet itself.
    expect(await hotNonce()).toBe(nonceBefore + 1);
    const kinds = await rowsOf<{ kind: string }>(
      t.database.db,
      sql`select kind from payout_attempts where withdrawal_id = ${id} order by created_at`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['PAYOUT', 'CANCEL']);
    expect(await tokenBalance(address)).toBe(0n);
    expect(await balances(userId)).toMatchObject({ availableMicro: 12_000_000n, pendingMicro: 0n });
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('approved by hand without a hash: the hash of the payment can be added later', async () => {
    const { id } = await pendingRequest(12_000_000n);
    const approved = await call<AdminWithdrawal>(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data!.transactionHash).toBeNull();

    const paidElsewhere = `0x${'ab'.repeat(32)}`;
    const added = await call<AdminWithdrawal>(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED', transactionHash: paidElsewhere },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ status: 'APPROVED', transactionHash: paidElsewhere });
    const again = await call(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED', transactionHash: `0x${'cd'.repeat(32)}` },
    });
    expect(again.body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    const audit = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toContain('WITHDRAWAL_HASH_ADDED');
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });
});
