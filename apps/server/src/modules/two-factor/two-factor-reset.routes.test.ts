import { TWO_FACTOR_RESET_CHECKS, type TwoFactorSetup } from '@ctn/contracts/security';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { appWithAdmin, call, nextIp, signedInMember, type TestApp } from '../../../test/test-app';
import { SERVER_CONSOLE } from '../audit/audit.service';
import { totpCode } from './totp';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
});
afterAll(() => t.close());

const ALL_CHECKS = TWO_FACTOR_RESET_CHECKS.map((c) => c.id);
const login = (email: string, password: string, totp?: string) =>
  call(t.app, 'POST', '/api/users/login', {
    body: { email, password, ...(totp === undefined ? {} : { totpCode: totp }) },
    ip: nextIp(),
  });
const resetOf = (id: string, checks: readonly string[], token = admin.token) =>
  call(t.app, 'POST', `/api/users/admin/${id}/two-factor/reset`, { token, body: { checks } });
const detailOf = async (id: string) =>
  (
    await call<{ twoFactorEnabled: boolean }>(t.app, 'GET', `/api/users/admin/${id}`, {
      token: admin.token,
    })
  ).body.data!;

async function enrolledMember() {
  const m = await signedInMember(t);
  const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
    token: m.token,
    body: { password: m.password },
  });
  await call(t.app, 'POST', '/api/users/two-factor/enable', {
    token: m.token,
    body: { code: totpCode(setup.body.data!.secret), password: m.password },
  });
  return m;
}

describe("an administrator resets a member's second factor", () => {
  it('after every check: factor gone, sessions ended, withdrawals frozen a day, mailed, audited', async () => {
    const m = await enrolledMember();
    expect((await detailOf(m.user._id)).twoFactorEnabled).toBe(true);
    const partial = await resetOf(m.user._id, ALL_CHECKS.slice(1));
    expect(partial.status).toBe(400);
    expect(partial.body.errorCode).toBe('TWO_FACTOR_RESET_CHECKS_REQUIRED');
    expect((await login(m.email, m.password)).body.errorCode).toBe('TWO_FACTOR_REQUIRED');
    // A member cannot call it.
    expect((await resetOf(m.user._id, ALL_CHECKS, m.token)).status).toBe(403);

    const done = await resetOf(m.user._id, ALL_CHECKS);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('TWO_FACTOR_RESET');
    expect((await detailOf(m.user._id)).twoFactorEnabled).toBe(false);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: m.token })).status).toBe(401);
    expect((await login(m.email, m.password)).status).toBe(200);
    const [row] = await rowsOf<{ hours: number; reason: string }>(
      t.database.db,
      sql`select extract(epoch from withdrawals_frozen_until - now()) / 3600 as hours,
                 withdrawals_frozen_reason as reason from users where id = ${m.user._id}`,
    );
    expect(Number(row!.hours)).toBeGreaterThan(23.9);
    expect(row!.reason).toBe('TWO_FACTOR_RESET');
    const mails = await t.services.mail.listMailbox();
    expect(
      mails.some(
        (x) =>
          x.toAddress === m.email &&
          x.subject === 'Security alert: Two-factor authentication reset by an administrator',
      ),
    ).toBe(true);
    const audit = await rowsOf<{ actor_email: string; after: { checks: string[] } }>(
      t.database.db,
      sql`select actor_email, after from audit_log where action = 'TWO_FACTOR_RESET' and target_id = ${m.user._id}`,
    );
    expect(audit).toEqual([{ actor_email: 'admin@example.com', after: { checks: ALL_CHECKS } }]);
    // Nothing left to reset.
    expect((await resetOf(m.user._id, ALL_CHECKS)).body.errorCode).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('the server console (npm run admin:reset-two-factor) recovers an administrator, audited as such', async () => {
    await t.services.auth.ensureAdmin(
      'last-admin@example.com',
      'Admin@Password9',
      'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    );
    const last = (await t.services.auth.findByEmail('last-admin@example.com'))!;
    await t.services.auth.resetSecondFactor(last.id, SERVER_CONSOLE, []);
    expect((await login('last-admin@example.com', 'Admin@Password9')).status).toBe(200);
    const audit = await rowsOf<{ actor_email: string; actor_id: string | null }>(
      t.database.db,
      sql`select actor_email, actor_id from audit_log where action = 'TWO_FACTOR_RESET' and target_id = ${last.id}`,
    );
    expect(audit).toEqual([{ actor_email: 'server console', actor_id: null }]);
  });
});
