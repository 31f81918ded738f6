import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bootstrap } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The demo network's linked UIDs, as the seed gave them. */
async function demoUids(): Promise<string[]> {
  const rows = await rowsOf<{ uid: string }>(
    t.database.db,
    sql`select bingx_uid as uid from users where bingx_uid is not null`,
  );
  return rows.map((r) => r.uid);
}

describe('the demo tells one story', () => {
  const demo = () => bootstrap(t.services, t.database.db, { ...t.config, demoMode: true });

  it('a fresh demo has had its first compliance check, and the next one finds no alarm', async () => {
    await demo();
    const status = await t.services.compliance.status();
    expect(status.lastRun).toMatchObject({ status: 'APPLIED' });
    expect(status.heldRun).toBeNull();
    expect(await t.services.compliance.runDaily()).toMatchObject({ held: false, locked: 0 });
  }, 240_000);

  it('a restarted demo tells the simulated exchange its trading again', async () => {
    // A restart: the simulator lives in memory and forgets every account.
    const exchange = t.services.peers.bingxSimulator!;
    for (const uid of await demoUids()) exchange.setAccount(uid, { invited: false, days: {} });
    await demo();
    expect(await t.services.compliance.runDaily()).toMatchObject({ held: false, locked: 0 });
  }, 120_000);
});
