import type { ReferralFunnelResponse } from '@ctn/contracts/referrals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  register,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const funnel = async (token: string, query = '') =>
  (
    await call<ReferralFunnelResponse>(t.app, 'GET', `/api/users/referrals/funnel${query}`, {
      token,
    })
  ).body.data!;

describe("the referrals page's per-invitee funnel", () => {
  it('shows each stage reached, trading unknown until the exchange says, and earnings', async () => {
    const viewer = await signedInMember(t);
    const code = viewer.user.referralCode;
    // An invitee who only registered (not verified), and one verified, paid and linked.
    await register(t, { referredByCode: code, firstName: 'Una', lastName: 'Verified' });
    const full = await signedInMember(t, {
      referredByCode: code,
      firstName: 'Paula',
      lastName: 'Linked',
    });
    const db = t.database.db;
    await db.execute(sql`update users set bingx_uid = 'F' || substr(md5(id::text), 1, 10),
                          bingx_linked_at = now() where id = ${full.user._id}`);
    await db.execute(sql`insert into subscription_payments
      (user_id, tx_hash, log_index, block_number, from_address, to_address, amount_micro,
       periods_added, paid_until_after)
      values (${full.user._id}, ${`0x${'1'.repeat(64)}`}, 0, 1, '0xa', '0xb', 10000000, 1,
              now() + interval '30 days')`);
    // A grandchild does not appear: direct invitees only.
    await signedInMember(t, { referredByCode: full.user.referralCode });

    const data = await funnel(viewer.token);
    expect(data.summary).toEqual({
      invitees: 2,
      registered: 2,
      verified: 1,
      paid: 1,
      linked: 1,
      trading: 0,
      tradingUnknown: 1,
    });
    const [newest, oldest] = data.invitees;
    expect(newest).toMatchObject({
      name: 'Paula Linked',
      earned: 0,
      stages: {
        registered: { reached: true },
        verified: { reached: true },
        paid: { reached: true },
        linked: { reached: true },
        // Linked, and no exchange read yet: unknown, not "no".
        trading: { reached: null, at: null },
      },
    });
    expect(newest!.stages.paid.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(oldest).toMatchObject({
      name: 'Una Verified',
      stages: {
        verified: { reached: false, at: null },
        paid: { reached: false },
        linked: { reached: false },
        trading: { reached: false },
      },
    });
  });

  it('pages the list and keeps the counts on a page past the end', async () => {
    const viewer = await signedInMember(t);
    for (const n of [1, 2, 3])
      await register(t, { referredByCode: viewer.user.referralCode, firstName: `I${n}` });
    const first = await funnel(viewer.token, '?page=1&limit=2');
    expect(first.invitees).toHaveLength(2);
    expect(first.pagination).toMatchObject({ totalRecords: 3, totalPages: 2, hasNextPage: true });
    const past = await funnel(viewer.token, '?page=5&limit=2');
    expect(past.invitees).toEqual([]);
    expect(past.summary.invitees).toBe(3);
  });
});
