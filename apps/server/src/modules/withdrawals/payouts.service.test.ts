import type { ChainCheck, WithdrawalReview } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  signedInAdmin,
  inGoodStanding,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';

/** Without CHAIN_RPC_URL (the simulated chain) there is nothing to check on or send from. */

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  // A key alone is not enough: payouts need a real chain.
  t = await createTestApp({
    PAYOUT_PRIVATE_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('payouts without a configured chain', () => {
  it('answers NOT_CONFIGURED to a check and PAYOUT_NOT_CONFIGURED to a send; the request stays as it is', async () => {
    const member = await signedInMember(t);
    await inGoodStanding(t, member.user._id);
    const userId = member.user._id;
    await postEntry(t.database.db, {
      userId,
      kind: 'REWARD_DIRECT',
      sourceKey: `test:${userId}`,
      delta: { available: 20_000_000n, earned: 20_000_000n },
    });
    await t.database.db.execute(sql`
      insert into withdrawal_otps (user_id, code_hash, expires_at)
      values (${userId}, ${t.services.otp.hash(userId, '123456')}, now() + interval '10 minutes')`);
    const { _id: id } = await t.services.withdrawals.create(userId, {
      amount: 15,
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      asset: 'USDT',
      otp: '123456',
    });

    const checked = await call<ChainCheck>(
      t.app,
      'POST',
      `/api/withdrawals/admin/${id}/check-transaction`,
      { token: admin.token, body: { transactionHash: `0x${'cd'.repeat(32)}` } },
    );
    expect(checked.body.data).toMatchObject({ state: 'NOT_CONFIGURED' });
    const review = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(review.body.data!.canSend).toBe(false);

    const sent = await call(t.app, 'PUT', `/api/withdrawals/${id}`, {
      token: admin.token,
      body: { status: 'APPROVED', send: true },
    });
    expect(sent.status).toBe(409);
    expect(sent.body.errorCode).toBe('PAYOUT_NOT_CONFIGURED');
    expect(await t.services.payouts.recover()).toEqual({ settled: 0, failed: 0, waiting: 0 });
    const after = await call<WithdrawalReview>(t.app, 'GET', `/api/withdrawals/admin/${id}`, {
      token: admin.token,
    });
    expect(after.body.data!.withdrawal).toMatchObject({ status: 'PENDING', payout: 'NONE' });
  });

  it('answers a send for an unknown request WITHDRAWAL_NOT_FOUND, not an outage', async () => {
    const sent = await call(t.app, 'PUT', '/api/withdrawals/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      body: { status: 'APPROVED', send: true },
    });
    expect(sent.status).toBe(404);
    expect(sent.body.errorCode).toBe('WITHDRAWAL_NOT_FOUND');
  });
});
