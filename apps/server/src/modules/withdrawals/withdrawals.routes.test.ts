import type {
  AdminWithdrawal,
  AdminWithdrawalsResponse,
  OtpRequestResponse,
  OtpStatus,
  Withdrawal,
  WithdrawalReview,
} from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  appWithAdmin,
  signedInAdmin,
  inGoodStanding,
  latestMail,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

async function memberWith(usdt: number) {
  const m = await signedInMember(t);
  await inGoodStanding(t, m.user._id);
  await postEntry(t.database.db, {
    userId: m.user._id,
    kind: 'REWARD_DIRECT',
    sourceKey: `test:${m.user._id}`,
    delta: { available: BigInt(usdt * 1e6), earned: BigInt(usdt * 1e6) },
  });
  return m;
}

/** Asks for a code and reads it from the dev mailbox, as the member would. */
async function mailedCode(m: { token: string; email: string }) {
  const asked = await call<OtpRequestResponse>(t.app, 'POST', '/api/otp/withdrawal/request', {
    token: m.token,
  });
  expect(asked.status).toBe(200);
  const mails = await t.services.mail.listMailbox();
  const mail = mails.find((x) => x.toAddress === m.email && x.subject.includes('withdrawal code'));
  const code = mail?.textBody.match(/code for a withdrawal is (\d{6})/)?.[1];
  if (!code) throw new Error('no code mailed');
  return { code, answer: asked.body.data! };
}

/** Lets the next code be asked at once (the resend cooldown is a minute). */
const skipCooldown = (userId: string) =>
  t.database.db.execute(sql`
    update withdrawal_otps set created_at = created_at - interval '2 minutes'
     where user_id = ${userId}`);

/** An address of this member's own, so requests of other tests never collide on it. */
const addressOf = (m: { user: { _id: string } }) =>
  `0x${m.user._id.replaceAll('-', '').slice(0, 32)}00000000`;

const request = (token: string, body: Record<string, unknown>) =>
  call<Withdrawal>(t.app, 'POST', '/api/withdrawals', { token, body });

const balances = async (userId: string) => (await t.services.ledger.balanceOf(userId))!;

describe('withdrawal codes', () => {
  it('mails 6 digits valid 10 minutes, refuses a quick resend, and verifies the right code', async () => {
    const m = await memberWith(50);
    const { code, answer } = await mailedCode(m);
    const expires = new Date(answer.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9.9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);
    const again = await call(t.app, 'POST', '/api/otp/withdrawal/request', { token: m.token });
    expect(again.body.errorCode).toBe('OTP_RESEND_TOO_SOON');
    const [stored] = await rowsOf<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from withdrawal_otps where user_id = ${m.user._id}`,
    );
    expect(stored!.code_hash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call(t.app, 'POST', '/api/otp/withdrawal/verify', {
      token: m.token,
      body: { otp: wrong },
    });
    expect(bad.body.errorCode).toBe('OTP_INVALID');
    const good = await call(t.app, 'POST', '/api/otp/withdrawal/verify', {
      token: m.token,
      body: { otp: code },
    });
    expect(good.status).toBe(200);
    const status = await call<OtpStatus>(t.app, 'GET', '/api/otp/withdrawal/status', {
      token: m.token,
    });
    expect(status.body.data).toMatchObject({ active: true, verified: true, attemptsLeft: 4 });
  });

  it('lets the next withdrawal have its own code at once after a request used the last one', async () => {
    const m = await memberWith(60);
    const { code } = await mailedCode(m);
    const made = await request(m.token, {
      amount: 10,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: code,
    });
    expect(made.status).toBe(200);
    const next = await call<OtpRequestResponse>(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
    });
    expect(next.status).toBe(200);
    // An unused code still holds the wait.
    const again = await call(t.app, 'POST', '/api/otp/withdrawal/request', { token: m.token });
    expect(again.body.errorCode).toBe('OTP_RESEND_TOO_SOON');
  });

  it('states the amount and the address in the mail when the request names them', async () => {
    const m = await memberWith(50);
    const asked = await call(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
      body: { amount: 12.345678, walletAddress: ADDRESS },
    });
    expect(asked.status).toBe(200);
    const mail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal code',
    );
    expect(mail?.textBody).toMatch(
      new RegExp(
        `withdrawal of 12\\.345678 USDT to ${ADDRESS} \\(BNB Smart Chain, BEP20\\) is \\d{6}`,
      ),
    );
    expect(mail?.textBody).toContain('If the amount or the address is not what you entered');
    // A malformed address is left out of the mail rather than shown.
    await skipCooldown(m.user._id);
    await call(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
      body: { amount: 10, walletAddress: '0x123' },
    });
    const newest = (await t.services.mail.listMailbox()).filter(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal code',
    );
    expect(newest.some((x) => /code for a withdrawal is \d{6}/.test(x.textBody))).toBe(true);
    const tooBig = await call(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
      body: { amount: -1, walletAddress: ADDRESS },
    });
    expect(tooBig.status).toBe(400);
  });

  it('a code mailed for one withdrawal confirms that one only: another amount or address is refused', async () => {
    const m = await memberWith(50);
    const asked = await call(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
      body: { amount: 12.5, walletAddress: addressOf(m) },
    });
    expect(asked.status).toBe(200);
    const mail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal code',
    );
    const code = mail?.textBody.match(/is (\d{6})/)?.[1];
    expect(code).toBeDefined();
    const ask = (amount: number, walletAddress: string) =>
      request(m.token, { amount, walletAddress, asset: 'USDT', otp: code });
    for (const [amount, address] of [
      [40, addressOf(m)],
      [12.5, OTHER_ADDRESS],
    ] as const) {
      const refused = await ask(amount, address);
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe('OTP_INTENT_MISMATCH');
    }
    // Nothing was held, and the right code took no wrong try: the stated withdrawal goes through
    // (the address in another letter case is the same address).
    const [held] = await rowsOf<{ available: string; pending: string }>(
      t.database.db,
      sql`select available_micro::text as available, pending_micro::text as pending
            from balances where user_id = ${m.user._id}`,
    );
    expect(held).toEqual({ available: '50000000', pending: '0' });
    const made = await ask(12.5, `0x${addressOf(m).slice(2).toUpperCase()}`);
    expect(made.status).toBe(200);
  });

  it('voids a code at the fifth wrong try: the sixth guess is refused even when right', async () => {
    const m = await memberWith(50);
    const { code } = await mailedCode(m);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await call(t.app, 'POST', '/api/otp/withdrawal/verify', {
        token: m.token,
        body: { otp: wrong },
      });
      codes.push(answer.body.errorCode);
    }
    expect(codes).toEqual([
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_TOO_MANY_ATTEMPTS',
    ]);
    const sixth = await request(m.token, {
      amount: 10,
      walletAddress: ADDRESS,
      asset: 'USDT',
      otp: code,
    });
    expect(sixth.body.errorCode).toBe('OTP_INVALID');
    expect((await balances(m.user._id)).availableMicro).toBe(50_000_000n);
  });

  it('refuses an expired code and a used one', async () => {
    const m = await memberWith(50);
    const { code } = await mailedCode(m);
    await t.database.db.execute(
      sql`update withdrawal_otps set expires_at = now() - interval '1 second' where user_id = ${m.user._id}`,
    );
    const expired = await request(m.token, {
      amount: 10,
      walletAddress: ADDRESS,
      asset: 'USDT',
      otp: code,
    });
    expect(expired.body.errorCode).toBe('OTP_EXPIRED');
    await skipCooldown(m.user._id);
    const fresh = await mailedCode(m);
    const first = await request(m.token, {
      amount: 10,
      walletAddress: ADDRESS.toLowerCase(),
      asset: 'USDT',
      otp: fresh.code,
    });
    expect(first.status).toBe(200);
    await t.services.withdrawalReview.decide(
      first.body.data!._id,
      { status: 'REJECTED', reason: 'test' },
      { id: (await signedInAdmin(t)).user._id, email: 'admin@example.com', ip: null },
    );
    const reused = await request(m.token, {
      amount: 10,
      walletAddress: ADDRESS,
      asset: 'USDT',
      otp: fresh.code,
    });
    expect(reused.body.errorCode).toBe('OTP_INVALID');
  });
});

describe('withdrawal requests', () => {
  it('answers an absurd amount with a validation error, not a 500, and holds nothing', async () => {
    const m = await memberWith(40);
    const { code } = await mailedCode(m);
    for (const amount of [1e20, 1_000_000_001]) {
      const made = await request(m.token, {
        amount,
        walletAddress: addressOf(m),
        asset: 'USDT',
        otp: code,
      });
      expect(made.status).toBe(400);
      expect(made.body.errorCode).toBe('VALIDATION_ERROR');
    }
    expect(await balances(m.user._id)).toMatchObject({ availableMicro: 40_000_000n });
  });

  it('holds the amount at once and lists it for its member only', async () => {
    const m = await memberWith(40);
    const { code } = await mailedCode(m);
    const made = await request(m.token, {
      amount: 12.5,
      walletAddress: ADDRESS,
      asset: 'USDT',
      otp: code,
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      amount: 12.5,
      walletAddress: ADDRESS,
      asset: 'USDT',
      status: 'PENDING',
      transactionHash: null,
      processedAt: null,
    });
    expect(await balances(m.user._id)).toMatchObject({
      availableMicro: 27_500_000n,
      pendingMicro: 12_500_000n,
    });
    const list = await call<{ withdrawals: Withdrawal[] }>(
      t.app,
      'GET',
      '/api/withdrawals?page=1&limit=50',
      {
        token: m.token,
      },
    );
    expect(list.body.data!.withdrawals.map((w) => w._id)).toEqual([made.body.data!._id]);
    // The total comes with the page, and apart when the page is past the end.
    const listed = async (query: string) =>
      (
        await call<{ withdrawals: Withdrawal[]; pagination: { totalRecords: number } }>(
          t.app,
          'GET',
          `/api/withdrawals?${query}`,
          { token: m.token },
        )
      ).body.data!;
    expect((await listed('page=1&limit=50')).pagination.totalRecords).toBe(1);
    expect(await listed('page=3&limit=1')).toMatchObject({
      withdrawals: [],
      pagination: { totalRecords: 1 },
    });
    expect(await listed('page=1&limit=10&status=APPROVED')).toMatchObject({
      withdrawals: [],
      pagination: { totalRecords: 0 },
    });
    expect((await listed('page=1&limit=10&status=PENDING')).withdrawals).toHaveLength(1);
    const other = await signedInMember(t);
    const peek = await call(t.app, 'GET', `/api/withdrawals/${made.body.data!._id}`, {
      token: other.token,
    });
    expect(peek.body.errorCode).toBe('WITHDRAWAL_NOT_FOUND');
  });

  it("refuses with the spec's codes, holding nothing", async () => {
    const m = await memberWith(30);
    const { code } = await mailedCode(m);
    const body = { amount: 10, walletAddress: addressOf(m), asset: 'USDT', otp: code };
    const flipped = ADDRESS.replace('a', 'A');
    expect((await request(m.token, { ...body, walletAddress: flipped })).body.errorCode).toBe(
      'INVALID_WALLET_ADDRESS',
    );
    expect((await request(m.token, { ...body, amount: 5 })).body.errorCode).toBe(
      'WITHDRAWAL_BELOW_MINIMUM',
    );
    expect((await request(m.token, { ...body, amount: 31 })).body.errorCode).toBe(
      'INSUFFICIENT_BALANCE',
    );
    expect((await request(m.token, { ...body, amount: -1 })).status).toBe(400);
    // The same code still works after refusals that were not about the code.
    const first = await request(m.token, { ...body, walletAddress: OTHER_ADDRESS });
    expect(first.status).toBe(200);
    await skipCooldown(m.user._id);
    const second = await mailedCode(m);
    expect((await request(m.token, { ...body, otp: second.code })).body.errorCode).toBe(
      'TOO_MANY_PENDING_WITHDRAWALS',
    );
    // An address pending for another member.
    const n = await memberWith(30);
    const theirs = await mailedCode(n);
    expect(
      (
        await request(n.token, {
          ...body,
          otp: theirs.code,
          walletAddress: OTHER_ADDRESS.toLowerCase(),
        })
      ).body.errorCode,
    ).toBe('WALLET_ADDRESS_IN_USE');
    // Locked earnings: no withdrawal.
    await t.database.db.execute(
      sql`update users set earnings_locked_since = now() where id = ${n.user._id}`,
    );
    expect(
      (await request(n.token, { ...body, otp: theirs.code, walletAddress: addressOf(n) })).body
        .errorCode,
    ).toBe('ACCOUNT_NOT_ACTIVE');
    expect((await balances(n.user._id)).availableMicro).toBe(30_000_000n);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });
  it('freezes withdrawals for 24 hours after a password reset, and says until when', async () => {
    const m = await memberWith(30);
    await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: m.email } });
    const { token } = await latestMail(t, m.email);
    const reset = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { token, newPassword: 'N3w@Password!x', confirmPassword: 'N3w@Password!x' },
    });
    expect(reset.status).toBe(200);
    const signedIn = await call<{ token: string }>(t.app, 'POST', '/api/users/login', {
      body: { email: m.email, password: 'N3w@Password!x' },
    });
    const fresh = { ...m, token: signedIn.body.data!.token };
    const { code } = await mailedCode(fresh);
    const refused = await request(fresh.token, {
      amount: 10,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: code,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('WITHDRAWALS_FROZEN');
    expect((await balances(m.user._id)).availableMicro).toBe(30_000_000n);
  });

  it('applies the live rules, not the last compliance run: a lapsed or unlinked member cannot withdraw', async () => {
    for (const lapse of [sql`paid_until = now() - interval '1 minute'`, sql`bingx_uid = null`]) {
      const m = await memberWith(30);
      const { code } = await mailedCode(m);
      await t.database.db.execute(sql`update users set ${lapse} where id = ${m.user._id}`);
      const refused = await request(m.token, {
        amount: 10,
        walletAddress: addressOf(m),
        asset: 'USDT',
        otp: code,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('ACCOUNT_NOT_ACTIVE');
      expect(refused.body.data).toHaveProperty('reason');
      expect((await balances(m.user._id)).availableMicro).toBe(30_000_000n);
    }
  });
});

describe('a member cancelling their own request', () => {
  const cancel = (id: string, token: string) =>
    call<Withdrawal>(t.app, 'POST', `/api/withdrawals/${id}/cancel`, { token });

  it('returns the held amount at once, logs it, and lets a new request follow', async () => {
    const m = await memberWith(40);
    const { code } = await mailedCode(m);
    const made = await request(m.token, {
      amount: 12.5,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: code,
    });
    const id = made.body.data!._id;
    const cancelled = await cancel(id, m.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'CANCELLED',
      reason: 'Cancelled by the member',
      transactionHash: null,
    });
    expect(cancelled.body.data!.processedAt).not.toBeNull();
    // Their own cancel is no decision to be told about.
    expect(
      (await t.services.mail.listMailbox()).filter(
        (x) => x.toAddress === m.email && x.subject.startsWith('Your withdrawal was'),
      ),
    ).toEqual([]);
    expect(await balances(m.user._id)).toMatchObject({
      availableMicro: 40_000_000n,
      pendingMicro: 0n,
      totalWithdrawnMicro: 0n,
    });
    const events = await call<{ events: { kind: string }[] }>(
      t.app,
      'GET',
      '/api/users/security-events',
      { token: m.token },
    );
    expect(events.body.data!.events.map((e) => e.kind)).toContain('WITHDRAWAL_CANCELLED');
    // Twice is refused and moves nothing again.
    expect((await cancel(id, m.token)).body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect((await balances(m.user._id)).availableMicro).toBe(40_000_000n);
    // The pending slot and the address are free again.
    await skipCooldown(m.user._id);
    const next = await mailedCode(m);
    const again = await request(m.token, {
      amount: 40,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: next.code,
    });
    expect(again.status).toBe(200);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it("cannot touch another member's request, a decided one, or a malformed id", async () => {
    const owner = await memberWith(50);
    const { code } = await mailedCode(owner);
    const made = await request(owner.token, {
      amount: 20,
      walletAddress: addressOf(owner),
      asset: 'USDT',
      otp: code,
    });
    const id = made.body.data!._id;
    const stranger = await memberWith(10);
    expect((await cancel(id, stranger.token)).body.errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await cancel('not-a-uuid', owner.token)).body.errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await cancel(crypto.randomUUID(), owner.token)).body.errorCode).toBe(
      'WITHDRAWAL_NOT_FOUND',
    );
    expect((await call(t.app, 'POST', `/api/withdrawals/${id}/cancel`)).status).toBe(401);
    await call(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED', transactionHash: `0x${'cd'.repeat(32)}` },
    });
    expect((await cancel(id, owner.token)).body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect(await balances(owner.user._id)).toMatchObject({
      availableMicro: 30_000_000n,
      totalWithdrawnMicro: 20_000_000n,
    });
    const stats = await call<AdminWithdrawalsResponse>(
      t.app,
      'GET',
      '/api/withdrawals/admin/all?page=1&limit=10',
      { token: admin.token },
    );
    expect(stats.body.data!.statistics.cancelled).toBeGreaterThanOrEqual(1);
  });
});

describe('admin review', () => {
  async function pending(amount: number) {
    const m = await memberWith(100);
    const { code } = await mailedCode(m);
    const made = await request(m.token, {
      amount,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: code,
    });
    expect(made.status).toBe(200);
    return { m, id: made.body.data!._id };
  }
  const decide = (id: string, body: Record<string, unknown>, token = admin.token) =>
    call<AdminWithdrawal>(t.app, 'PUT', `/api/withdrawals/${id}`, { token, body });

  it('approves with a hash (pending -> withdrawn) and never changes a processed request', async () => {
    const { m, id } = await pending(20);
    const hash = `0x${'ab'.repeat(32)}`;
    const approved = await decide(id, { status: 'APPROVED', transactionHash: hash });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', transactionHash: hash });
    expect(await balances(m.user._id)).toMatchObject({
      availableMicro: 80_000_000n,
      pendingMicro: 0n,
      totalWithdrawnMicro: 20_000_000n,
    });
    const again = await decide(id, { status: 'REJECTED', reason: 'late' });
    expect(again.body.errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    const seen = await call<Withdrawal>(t.app, 'GET', `/api/withdrawals/${id}`, { token: m.token });
    expect(seen.body.data).toMatchObject({ status: 'APPROVED', transactionHash: hash });
    // The member is mailed the decision with its transaction (the hash: no explorer is
    // configured for the simulated chain).
    const approvedMail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal was approved',
    );
    expect(approvedMail?.textBody).toContain('Your withdrawal of 20.00 USDT to');
    expect(approvedMail?.textBody).toContain(`Transaction: ${hash}`);
    expect(approvedMail?.textBody).toContain('/rewards');
    const [audit] = await rowsOf<{ before: { status: string }; after: { status: string } }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'WITHDRAWAL_REVIEWED' and target_id = ${id}`,
    );
    expect(audit).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'APPROVED' } });
  });

  it('rejects with a reason (held amount back to available) and blocks for compliance', async () => {
    const { m, id } = await pending(30);
    expect((await decide(id, { status: 'REJECTED' })).status).toBe(400);
    const rejected = await decide(id, { status: 'REJECTED', reason: 'Address on a blocklist' });
    expect(rejected.body.data).toMatchObject({
      status: 'REJECTED',
      reason: 'Address on a blocklist',
    });
    expect((await balances(m.user._id)).availableMicro).toBe(100_000_000n);
    const rejectedMail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal was rejected',
    );
    expect(rejectedMail?.textBody).toContain('The amount is back in your available balance.');
    expect(rejectedMail?.textBody).toContain('Reason: Address on a blocklist.');
    const other = await pending(10);
    const blocked = await decide(other.id, { status: 'BLOCKED_COMPLIANCE', reason: 'KYC review' });
    expect(blocked.body.data!.status).toBe('BLOCKED_COMPLIANCE');
    expect((await balances(other.m.user._id)).pendingMicro).toBe(0n);
    const blockedMail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === other.m.email && x.subject === 'Your withdrawal was blocked',
    );
    expect(blockedMail?.textBody).toContain('blocked for compliance');
    expect(blockedMail?.textBody).toContain('Reason: KYC review.');
    expect((await decide(other.id, { status: 'APPROVED' }, other.m.token)).status).toBe(403);
  });

  it('lists with search and statistics, and shows a review with balances and ledger', async () => {
    const { m, id } = await pending(15);
    const list = await call<AdminWithdrawalsResponse>(
      t.app,
      'GET',
      `/api/withdrawals/admin/all?search=${encodeURIComponent(m.email)}`,
      { token: admin.token },
    );
    expect(list.body.data!.withdrawals.map((w) => w._id)).toEqual([id]);
    expect(list.body.data!.statistics).toMatchObject({
      total: 1,
      pending: 1,
      totalPendingAmount: 15,
    });
    expect(list.body.data!.pagination).toMatchObject({ totalRecords: 1, resultsCount: 1 });
    const review = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(review.body.data!.member).toMatchObject({ availableBalance: 85, pendingBalance: 15 });
    expect(review.body.data!.ledger.map((e) => e.kind)).toEqual([
      'WITHDRAWAL_HOLD',
      'REWARD_DIRECT',
    ]);
    expect(review.body.data!.chainCheck).toBeNull();
    const byMember = await call<AdminWithdrawalsResponse>(
      t.app,
      'GET',
      `/api/withdrawals/admin/user/${(m.user as unknown as { userId: string }).userId}`,
      { token: admin.token },
    );
    expect(byMember.body.data!.withdrawals).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', '/api/withdrawals/admin/all', { token: m.token })).status,
    ).toBe(403);
  });
});
