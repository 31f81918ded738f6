import type { CycleDetail } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
let crash = true;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      cycleFaults: {
        // A failure after the crediting statement and before the cycle completes: the process
        // dying there is the same transaction rolled back.
        afterCredit: async () => {
          if (crash) throw new Error('injected crash after the credit');
        },
      },
    },
  );
  admin = await signedInAdmin(t);
  const top = await signedInMember(t);
  const child = await signedInMember(t, { referredByCode: top.user.referralCode });
  await t.database.db.execute(sql`
    update users set bingx_uid = case when email = ${top.email} then '7100001' else '7100002' end,
                     paid_until = now() + interval '10 days'
     where email in (${top.email}, ${child.email})`);
}, 30_000);
afterAll(() => t.close());

const snapshot = async () =>
  (
    await rowsOf<{ rewards: number; entries: number; balances: string }>(
      t.database.db,
      sql`select (select count(*)::int from rewards) as rewards,
                 (select count(*)::int from ledger_entries) as entries,
                 (select coalesce(sum(available_micro + locked_micro), 0)::text from balances) as balances`,
    )
  )[0]!;

describe('a cycle interrupted half-way', () => {
  it('leaves no partial cycle visible, and a re-run credits it exactly once', async () => {
    const draft = (
      await call<CycleDetail>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
        token: admin.token,
        body: {
          source: 'CSV',
          periodStart: '2026-11-01',
          periodEnd: '2026-11-07',
          csv: '7100002,50',
        },
      })
    ).body.data!;
    const before = await snapshot();

    await call(t.app, 'POST', `/api/rewards/admin/cycles/${draft._id}/run`, {
      token: admin.token,
      body: {},
    });
    await t.services.cycles.settled();
    const failed = (
      await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${draft._id}`, {
        token: admin.token,
      })
    ).body.data!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('injected crash');
    expect(await snapshot()).toEqual(before);

    crash = false;
    await call(t.app, 'POST', `/api/rewards/admin/cycles/${draft._id}/run`, {
      token: admin.token,
      body: {},
    });
    await t.services.cycles.settled();
    const done = (
      await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${draft._id}`, {
        token: admin.token,
      })
    ).body.data!;
    expect(done.status).toBe('COMPLETED');
    // The top member at level 1 (3% of 50), the root skipped.
    expect(done.totalPaid).toBe(1.5);
    const after = await snapshot();
    expect(after.rewards - before.rewards).toBe(1);
    expect(after.entries - before.entries).toBe(1);
    expect(BigInt(after.balances) - BigInt(before.balances)).toBe(1_500_000n);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('the ledger refuses edits and deletions', async () => {
    await expect(
      t.database.db.execute(sql`update ledger_entries set memo = 'x'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });
});
