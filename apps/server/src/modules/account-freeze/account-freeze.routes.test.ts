import type { FreezeAccountState } from '@ctn/contracts/security';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { appWithAdmin, call, nextIp, signedInMember, type TestApp } from '../../../test/test-app';
import { FreezeLinks } from './freeze-links';

/** "Not me? Freeze my account" (decision 040), from the mail to the administrator's lift. */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

/** The freeze link of the newest security mail to `email`, as the owner would click it. */
async function freezeLinkOf(email: string): Promise<string> {
  const mail = (await t.services.mail.listMailbox(500)).find(
    (m) => m.toAddress === email && m.subject.startsWith('Security alert'),
  );
  const url = mail?.textBody.match(/Freeze my account: (\S+)/)?.[1];
  if (!url) throw new Error(`no freeze link mailed to ${email}`);
  expect(mail.htmlBody).toContain('Not me? Freeze my account</a>');
  return new URL(url).searchParams.get('token')!;
}

const state = (token: string) =>
  call<FreezeAccountState>(t.app, 'POST', '/api/users/freeze-account/state', { body: { token } });
const freeze = (token: string) =>
  call<FreezeAccountState>(t.app, 'POST', '/api/users/freeze-account', {
    body: { token },
    ip: nextIp(),
  });
const frozenColumns = async (userId: string) =>
  (
    await rowsOf<{ until: string | null; reason: string | null }>(
      t.database.db,
      sql`select withdrawals_frozen_until::text as until, withdrawals_frozen_reason as reason
            from users where id = ${userId}`,
    )
  )[0]!;

describe('Not me? Freeze my account', () => {
  it('one click from a security mail freezes withdrawals, ends every session and alerts administrators', async () => {
    const m = await signedInMember(t);
    // A security change mails the member: "Signed out everywhere" of another session.
    const other = await call<{ token: string }>(t.app, 'POST', '/api/users/login', {
      body: { email: m.email, password: m.password },
      ip: nextIp(),
    });
    await call(t.app, 'POST', '/api/users/sessions/sign-out-everywhere', {
      token: other.body.data!.token,
    });
    const signedIn = await call<{ token: string }>(t.app, 'POST', '/api/users/login', {
      body: { email: m.email, password: m.password },
      ip: nextIp(),
    });
    const session = signedIn.body.data!.token;
    const token = await freezeLinkOf(m.email);

    // The page asks first: nothing changes until the click.
    expect((await state(token)).body.data).toEqual({
      state: 'READY',
      maskedEmail: expect.stringMatching(/\*\*\*/),
    });
    expect((await frozenColumns(m.user._id)).until).toBeNull();
    expect((await call(t.app, 'GET', '/api/users/profile', { token: session })).status).toBe(200);

    const clicked = await freeze(token);
    expect(clicked.status).toBe(200);
    expect(clicked.body.data!.state).toBe('FROZEN');
    expect(await frozenColumns(m.user._id)).toEqual({ until: 'infinity', reason: 'OWNER_FREEZE' });
    expect((await call(t.app, 'GET', '/api/users/profile', { token: session })).status).toBe(401);
    const alerts = (await t.services.mail.listMailbox(500)).filter((x) =>
      x.subject.startsWith('Account frozen by its owner'),
    );
    expect(alerts.some((x) => x.textBody.includes(m.email))).toBe(true);

    // A second click changes nothing and says it is frozen.
    expect((await freeze(token)).body.data!.state).toBe('FROZEN');
    expect((await state(token)).body.data!.state).toBe('FROZEN');

    // Only an administrator lifts it, audited; the member cannot.
    const again = await call<{ token: string }>(t.app, 'POST', '/api/users/login', {
      body: { email: m.email, password: m.password },
      ip: nextIp(),
    });
    const lift = `/api/admin/users/${m.user._id}/withdrawal-freeze/lift`;
    expect((await call(t.app, 'POST', lift, { token: again.body.data!.token })).status).toBe(403);
    const view = `/api/admin/users/${m.user._id}/withdrawal-freeze`;
    expect((await call(t.app, 'GET', view, { token: admin.token })).body.data).toEqual({
      frozenByOwner: true,
    });
    expect((await call(t.app, 'POST', lift, { token: admin.token })).status).toBe(200);
    expect(await frozenColumns(m.user._id)).toEqual({ until: null, reason: null });
    const audit = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${m.user._id}`,
    );
    expect(audit.map((a) => a.action)).toContain('WITHDRAWAL_FREEZE_LIFTED');
    const liftedAgain = await call(t.app, 'POST', lift, { token: admin.token });
    expect(liftedAgain.body.errorCode).toBe('WITHDRAWAL_FREEZE_NOT_FOUND');
  });

  it('refuses a forged, altered or expired token, changing nothing', async () => {
    const m = await signedInMember(t);
    const forged = new FreezeLinks('another secret', 'http://x').tokenFor(m.user._id);
    const expired = new FreezeLinks(
      t.config.jwtSecret,
      'http://x',
      () => Date.now() - 61 * 86_400_000,
    ).tokenFor(m.user._id);
    const valid = new FreezeLinks(t.config.jwtSecret, 'http://x').tokenFor(m.user._id);
    const [payload, signature] = valid.split('.');
    const altered = `${Buffer.from(`${m.user._id.slice(0, -1)}0.${Date.now() + 1e9}`).toString('base64url')}.${signature}`;
    for (const token of [forged, expired, altered, `${payload}`, 'x'.repeat(300)]) {
      const answer = await freeze(token);
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    }
    expect((await frozenColumns(m.user._id)).until).toBeNull();
    expect((await freeze(valid)).body.data!.state).toBe('FROZEN');
  });

  it('every security and money mail carries the link, other mails do not', async () => {
    const m = await signedInMember(t);
    await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: m.email } });
    const mails = (await t.services.mail.listMailbox(500)).filter((x) => x.toAddress === m.email);
    const reset = mails.find((x) => x.subject === 'Reset your password')!;
    expect(reset.textBody).toMatch(/Freeze my account: \S+\/freeze-account\?token=/);
    expect(reset.textBody).not.toContain('{{not-me-url}}');
    const verify = mails.find((x) => x.subject === 'Verify your email address')!;
    expect(verify.textBody).not.toContain('Freeze my account');
  });
});
