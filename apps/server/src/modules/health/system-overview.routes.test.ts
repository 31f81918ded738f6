import type { SystemOverview } from '@ctn/contracts/accounts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { systemOverview } from './health.service';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const overview = async () =>
  (await call<SystemOverview>(t.app, 'GET', '/api/admin/system-overview', { token: admin.token }))
    .body.data!;

describe('GET /api/admin/system-overview', () => {
  it('counts members seen in the last 15 minutes, pending withdrawals and open UID claims', async () => {
    const before = await overview();
    expect(before).toMatchObject({
      server: { status: 'online', uptimeSeconds: expect.any(Number) },
      database: { status: 'connected', latencyMs: expect.any(Number) },
    });

    const seen = await signedInMember(t);
    const away = await signedInMember(t);
    const claimant = await signedInMember(t);
    // Seen 20 minutes ago: not active any more.
    await t.database.db.execute(
      sql`update user_sessions set last_seen_at = now() - interval '20 minutes' where user_id = ${away.user._id}`,
    );
    await t.database.db.execute(sql`insert into withdrawals (user_id, amount_micro, wallet_address)
      values (${seen.user._id}, 5000000, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')`);
    await t.database.db.execute(sql`insert into uid_claims (claimant_id, uid, message)
      values (${claimant.user._id}, '12345678', 'That UID is mine')`);

    const after = await overview();
    // The administrator's own session never counts as an active member.
    expect(after.activeUsers).toBe(before.activeUsers! + 2);
    expect(after.pendingActions).toEqual({
      total: before.pendingActions!.total + 2,
      pendingWithdrawals: before.pendingActions!.pendingWithdrawals + 1,
      openUidClaims: before.pendingActions!.openUidClaims + 1,
    });
  });

  it('is for administrators only', async () => {
    const member = await signedInMember(t);
    expect(
      (await call(t.app, 'GET', '/api/admin/system-overview', { token: member.token })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/system-overview')).status).toBe(401);
  });

  it('says unreachable, with unknown figures (null, never 0), when the database does not answer', async () => {
    const down = {
      db: { execute: () => Promise.reject(new Error('connection refused')) },
    } as unknown as Database;
    const pendingWithdrawals = () => Promise.reject(new Error('connection refused'));
    expect(await systemOverview(down, 'test', { pendingWithdrawals })).toMatchObject({
      server: { status: 'online', version: 'test' },
      database: { status: 'unreachable', latencyMs: null },
      activeUsers: null,
      pendingActions: null,
    });
  });
});
