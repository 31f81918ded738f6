import type { ReconciliationOverview, ReconciliationReport } from '@ctn/contracts/reconciliation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const overview = (token?: string) =>
  call<ReconciliationOverview>(t.app, 'GET', '/api/admin/reconciliation', token ? { token } : {});
const runNow = (token: string) =>
  call<ReconciliationReport>(t.app, 'POST', '/api/admin/reconciliation/run', { token });

describe('the reconciliation report (admin)', () => {
  it('is for administrators only', async () => {
    expect((await overview()).status).toBe(401);
    const member = await signedInMember(t);
    expect((await overview(member.token)).status).toBe(403);
    expect((await runNow(member.token)).status).toBe(403);
  });

  it('is empty before the first run; a run is kept, listed and audited', async () => {
    const admin = await signedInAdmin(t);
    expect((await overview(admin.token)).body.data).toEqual({
      latest: null,
      history: [],
      // The simulated chain's hashes are on no public explorer.
      explorerUrl: null,
    });

    // Before the watcher has read the chain, that part is not checked: the report is not clean.
    const unread = (await runNow(admin.token)).body.data!;
    expect(unread).toMatchObject({ clean: false, chain: { checked: false }, differences: [] });

    await t.services.subscriptions.scan();
    const run = await runNow(admin.token);
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({
      clean: true,
      differences: [],
      chain: { checked: true },
      ledger: { checked: true, liabilities: 0 },
      hotWallet: { checked: true, address: null },
    });
    const listed = (await overview(admin.token)).body.data!;
    expect(listed.latest?._id).toBe(run.body.data!._id);
    expect(listed.history.map((h) => h.clean)).toEqual([true, false]);
    const audited = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'RECONCILIATION_RUN'`,
    );
    expect(audited[0]!.n).toBe(2);
  });

  it('lists a balance that its ledger entries do not add up to', async () => {
    const admin = await signedInAdmin(t);
    const member = await signedInMember(t);
    await postEntry(t.database.db, {
      userId: member.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: `test:${member.user._id}`,
      delta: { available: 5_000_000n, earned: 5_000_000n },
    });
    expect((await runNow(admin.token)).body.data!.clean).toBe(true);
    // A balance changed behind the ledger's back.
    await t.database.db.execute(
      sql`update balances set available_micro = available_micro + 1000000 where user_id = ${member.user._id}`,
    );
    const report = (await runNow(admin.token)).body.data!;
    const [numbered] = await rowsOf<{ number: string }>(
      t.database.db,
      sql`select user_id as number from users where id = ${member.user._id}`,
    );
    expect(report.clean).toBe(false);
    expect(report.differences).toContainEqual(
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', userId: numbered!.number, amount: 1 }),
    );
    expect(report.ledger.liabilities).toBe(5);
  });
});
