import type { OtpRequestResponse, Withdrawal, WithdrawalReview } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithAdmin,
  call,
  inGoodStanding,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';
import { newTotpSecret, totpCode } from '../two-factor/totp';

/**
 * What guards a withdrawal beyond the mailed code (decision 040): the second factor of members
 * who have one, a mail on the first request to a new address, and the account's freezes.
 */
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

async function mailedCode(m: { token: string; email: string; user: { _id: string } }) {
  // Lets the next code be asked at once (the resend cooldown is a minute).
  await t.database.db.execute(sql`update withdrawal_otps
    set created_at = created_at - interval '2 minutes' where user_id = ${m.user._id}`);
  const asked = await call<OtpRequestResponse>(t.app, 'POST', '/api/otp/withdrawal/request', {
    token: m.token,
  });
  expect(asked.status).toBe(200);
  const mail = (await t.services.mail.listMailbox()).find(
    (x) => x.toAddress === m.email && x.subject.includes('withdrawal code'),
  );
  const code = mail?.textBody.match(/code for a withdrawal is (\d{6})/)?.[1];
  if (!code) throw new Error('no code mailed');
  return code;
}

const addressOf = (m: { user: { _id: string } }, n = 0) =>
  `0x${m.user._id.replaceAll('-', '').slice(0, 32)}0000000${n}`;

const withdraw = (token: string, body: Record<string, unknown>) =>
  call<Withdrawal>(t.app, 'POST', '/api/withdrawals', { token, body });

const availableOf = async (userId: string) =>
  (await t.services.ledger.balanceOf(userId))!.availableMicro;

const mailsTo = async (email: string, subject: string) =>
  (await t.services.mail.listMailbox(500)).filter(
    (m) => m.toAddress === email && m.subject === subject,
  );

describe('the second factor confirms every withdrawal of a member who has one', () => {
  it('TWO_FACTOR_REQUIRED without a code, a wrong one refused and counted, a right one holds', async () => {
    const m = await memberWith(40);
    const secret = newTotpSecret();
    await t.services.twoFactor.enrolWithSecret(m.user._id, secret);
    const body = { amount: 10, walletAddress: addressOf(m), asset: 'USDT' };

    const missing = await withdraw(m.token, { ...body, otp: await mailedCode(m) });
    expect(missing.status).toBe(401);
    expect(missing.body.errorCode).toBe('TWO_FACTOR_REQUIRED');
    expect(missing.body.error).toBe('Enter the 6-digit code from your authenticator app.');

    const otp = await mailedCode(m);
    const wrongCode = totpCode(secret) === '000000' ? '111111' : '000000';
    const wrong = await withdraw(m.token, { ...body, otp, totpCode: wrongCode });
    expect(wrong.body.errorCode).toBe('INVALID_TWO_FACTOR_CODE');
    expect(await availableOf(m.user._id)).toBe(40_000_000n);

    // The wrong codes share the account's budget of the second factor: guessing stops there.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => withdraw(m.token, { ...body, otp, totpCode: wrongCode })),
    );
    expect(guesses.some((g) => g.body.errorCode === 'TOO_MANY_REQUESTS')).toBe(true);
    expect(guesses.every((g) => g.status < 500)).toBe(true);
    expect(await availableOf(m.user._id)).toBe(40_000_000n);
  });

  it('holds the amount with a current code', async () => {
    const m = await memberWith(40);
    const secret = newTotpSecret();
    await t.services.twoFactor.enrolWithSecret(m.user._id, secret);
    const held = await withdraw(m.token, {
      amount: 10,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: await mailedCode(m),
      totpCode: totpCode(secret),
    });
    expect(held.status).toBe(200);
    expect(await availableOf(m.user._id)).toBe(30_000_000n);
  });
});

describe('a withdrawal to an address the member never used', () => {
  it('is mailed to the member the first time only, with the freeze link', async () => {
    const m = await memberWith(40);
    const body = { amount: 12, walletAddress: addressOf(m), asset: 'USDT' };
    const first = await withdraw(m.token, { ...body, otp: await mailedCode(m) });
    expect(first.status).toBe(200);
    const [notice, ...more] = await mailsTo(m.email, 'A withdrawal to a new address');
    expect(more).toHaveLength(0);
    expect(notice!.textBody).toContain(`12.00 USDT to ${addressOf(m)}`);
    expect(notice!.textBody).toMatch(/Freeze my account: https?:\/\/\S+\/freeze-account\?token=/);
    await call(t.app, 'POST', `/api/withdrawals/${first.body.data!._id}/cancel`, {
      token: m.token,
    });
    const again = await withdraw(m.token, { ...body, otp: await mailedCode(m) });
    expect(again.status).toBe(200);
    expect(await mailsTo(m.email, 'A withdrawal to a new address')).toHaveLength(1);
  });
});

describe('frozen withdrawals', () => {
  it("refuse the owner's freeze with its own code, and a reset's freeze with until when", async () => {
    const m = await memberWith(40);
    const body = { amount: 12, walletAddress: addressOf(m), asset: 'USDT' };
    await t.database.db.execute(sql`update users set withdrawals_frozen_until = 'infinity',
      withdrawals_frozen_reason = 'OWNER_FREEZE' where id = ${m.user._id}`);
    const owner = await withdraw(m.token, { ...body, otp: await mailedCode(m) });
    expect(owner.status).toBe(403);
    expect(owner.body.errorCode).toBe('WITHDRAWALS_FROZEN_BY_OWNER');

    await t.database.db.execute(sql`update users
      set withdrawals_frozen_until = '2099-01-02T03:04:00Z',
          withdrawals_frozen_reason = 'TWO_FACTOR_RESET' where id = ${m.user._id}`);
    const reset = await withdraw(m.token, { ...body, otp: await mailedCode(m) });
    expect(reset.body.errorCode).toBe('WITHDRAWALS_FROZEN');
    expect(reset.body.error).toContain('until 2099-01-02 03:04 UTC');
    expect(reset.body.error).toContain('an administrator reset your two-factor authentication');
    expect(reset.body.data).toEqual({
      reason: 'TWO_FACTOR_RESET',
      until: '2099-01-02T03:04:00.000Z',
    });

    await t.database.db.execute(sql`update users
      set withdrawals_frozen_until = now() - interval '1 second' where id = ${m.user._id}`);
    expect((await withdraw(m.token, { ...body, otp: await mailedCode(m) })).status).toBe(200);
    expect(await availableOf(m.user._id)).toBe(28_000_000n);
  });

  it('keep a pending request pending: no approval until lifted, shown on the review page', async () => {
    const m = await memberWith(40);
    const held = await withdraw(m.token, {
      amount: 12,
      walletAddress: addressOf(m),
      asset: 'USDT',
      otp: await mailedCode(m),
    });
    const id = held.body.data!._id;
    await t.database.db.execute(sql`update users set withdrawals_frozen_until = 'infinity',
      withdrawals_frozen_reason = 'OWNER_FREEZE' where id = ${m.user._id}`);
    const review = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(review.body.data!.member.withdrawalsFrozen).toEqual({
      reason: 'OWNER_FREEZE',
      until: null,
    });
    const hash = `0x${'ab'.repeat(32)}`;
    const approve = () =>
      call(t.app, 'PUT', `/api/withdrawals/${id}`, {
        token: admin.token,
        body: { status: 'APPROVED', transactionHash: hash },
      });
    const refused = await approve();
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('MEMBER_WITHDRAWALS_FROZEN');
    expect((await t.services.ledger.balanceOf(m.user._id))!.pendingMicro).toBe(12_000_000n);

    const lifted = await call(
      t.app,
      'POST',
      `/api/admin/users/${m.user._id}/withdrawal-freeze/lift`,
      {
        token: admin.token,
      },
    );
    expect(lifted.status).toBe(200);
    expect((await approve()).status).toBe(200);
  });
});
