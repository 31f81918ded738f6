import type { LaunchChecklist } from '@ctn/contracts/launch-checklist';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const checklist = async (query = '') =>
  (
    await call<LaunchChecklist>(t.app, 'GET', `/api/admin/launch-checklist${query}`, {
      token: admin.token,
    })
  ).body.data!;

describe('GET /api/admin/launch-checklist', () => {
  it('runs the preflight checks on this server: a failing line names its variable', async () => {
    // A migration this build does not have: a newer build ran on this database.
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)`,
    );
    let first: LaunchChecklist;
    try {
      first = await checklist();
    } finally {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`,
      );
    }
    expect(first.results).toContainEqual({
      check: 'database',
      state: 'fail',
      variable: 'DATABASE_URL',
      found: expect.stringMatching(/it holds 1 migrations this build does not have/),
    });
    // The test app has no CHAIN_RPC_URL: the simulated chain, which is said, not passed.
    expect(first.results).toContainEqual({
      check: 'chain',
      state: 'warn',
      variable: 'CHAIN_RPC_URL',
      found: 'not set: the built-in simulated chain answers (never in production)',
    });
    // Nor SMTP_URL nor the BingX key: the dev mailbox and the simulator, said without calling
    // anywhere (the checks against real peers: peer-checks.test.ts).
    expect(first.results).toContainEqual({
      check: 'smtp relay',
      state: 'warn',
      variable: 'SMTP_URL',
      found: 'not set: mail goes to the dev mailbox (never in production)',
    });
    expect(first.results).toContainEqual({
      check: 'bingx',
      state: 'warn',
      variable: 'BINGX_API_KEY',
      found:
        'BINGX_API_KEY and BINGX_API_SECRET not set: the built-in BingX simulator answers (never in production)',
    });
    expect(first.results.map((r) => r.variable)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'TWO_FACTOR_KEY', 'PUBLIC_URL', 'TRUST_PROXY']),
    );
    // No secret's value is ever shown, only its length.
    expect(JSON.stringify(first)).not.toContain(t.config.jwtSecret);

    // Kept for a minute, and "check again" within 10 seconds gives the same run: the row is
    // gone, the answer is the one read before.
    expect(await checklist()).toEqual(first);
    expect(await checklist('?fresh=true')).toEqual(first);
  });

  it('is for administrators only', async () => {
    const member = await signedInMember(t);
    expect(
      (await call(t.app, 'GET', '/api/admin/launch-checklist', { token: member.token })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/launch-checklist')).status).toBe(401);
  });
});
