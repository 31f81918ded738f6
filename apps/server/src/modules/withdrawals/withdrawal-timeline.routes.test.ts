import type { Withdrawal, WithdrawalsResponse } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

/** A request in a given payout state, written as the payout service leaves it. */
async function requestIn(userId: string, payout: string, status = 'PENDING') {
  const [row] = await rowsOf<{ id: string }>(
    t.database.db,
    sql`insert into withdrawals (user_id, amount_micro, wallet_address, status, payout_state,
                                 processed_at)
        values (${userId}, 15000000, ${`0x${userId.replaceAll('-', '').slice(0, 32)}00000000`},
                ${status}, ${payout}, ${status === 'PENDING' ? null : sql`now()`})
        returning id`,
  );
  return row!.id;
}

describe("the member's withdrawal view for the status timeline", () => {
  it('says where a hot-wallet transfer stands, in the list and alone', async () => {
    const m = await signedInMember(t);
    const id = await requestIn(m.user._id, 'SENDING');
    const list = await call<WithdrawalsResponse>(t.app, 'GET', '/api/withdrawals', {
      token: m.token,
    });
    expect(list.body.data!.withdrawals).toMatchObject([{ _id: id, payout: 'SENDING' }]);
    const one = await call<Withdrawal>(t.app, 'GET', `/api/withdrawals/${id}`, { token: m.token });
    expect(one.body.data).toMatchObject({ _id: id, status: 'PENDING', payout: 'SENDING' });
  });

  it('reads NONE for a request paid by hand, and SENT once a payout settled', async () => {
    const m = await signedInMember(t);
    const manual = await requestIn(m.user._id, 'NONE', 'APPROVED');
    const settled = await requestIn(m.user._id, 'SENT', 'APPROVED');
    const list = await call<WithdrawalsResponse>(t.app, 'GET', '/api/withdrawals', {
      token: m.token,
    });
    const payoutOf = (id: string) => list.body.data!.withdrawals.find((w) => w._id === id)?.payout;
    expect(payoutOf(manual)).toBe('NONE');
    expect(payoutOf(settled)).toBe('SENT');
  });
});
