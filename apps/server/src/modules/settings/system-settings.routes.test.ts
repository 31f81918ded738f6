import type { OtpRequestResponse, Withdrawal } from '@ctn/contracts/withdrawals';
import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from '@ctn/contracts/settings';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  appWithAdmin,
  nextIp,
  register,
  inGoodStanding,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';

const ADMIN_EMAIL = 'admin@example.com';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());
// Every test starts from the defaults.
afterEach(async () => {
  expect((await save({})).status).toBe(200);
});

const save = (changes: Partial<Record<keyof SystemSettings, unknown>>, token = admin.token) =>
  call<SystemSettings>(t.app, 'PUT', '/api/admin/settings/system', {
    token,
    body: { ...DEFAULT_SYSTEM_SETTINGS, ...changes },
  });

const login = (email: string, password: string, ip = nextIp()) =>
  call<{ token: string }>(t.app, 'POST', '/api/users/login', {
    body: { email, password },
    ip,
  });

/** The lifetime a session token was signed with, in seconds. */
function lifetimeOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  return payload.exp - payload.iat;
}

const mailsTo = async (email: string, subject: string) =>
  (await t.services.mail.listMailbox()).filter(
    (m) => m.toAddress === email && m.subject.includes(subject),
  );

describe('GET/PUT /api/admin/settings/system', () => {
  it('gives the defaults until saved, saves valid values and audits before and after', async () => {
    const read = await call<SystemSettings>(t.app, 'GET', '/api/admin/settings/system', {
      token: admin.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(DEFAULT_SYSTEM_SETTINGS);

    const saved = await save({ sessionTimeoutMinutes: 120, userRegistrationAlerts: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ sessionTimeoutMinutes: 120 });
    const again = await call<SystemSettings>(t.app, 'GET', '/api/admin/settings/system', {
      token: admin.token,
    });
    expect(again.body.data).toEqual({
      ...DEFAULT_SYSTEM_SETTINGS,
      sessionTimeoutMinutes: 120,
      userRegistrationAlerts: true,
    });
    const [audit] = await rowsOf<{ before: SystemSettings; after: SystemSettings }>(
      t.database.db,
      sql`select before, after from audit_log
           where action = 'SETTINGS_UPDATED' and target_id = 'system'
           order by created_at desc limit 1`,
    );
    expect(audit?.before).toEqual(DEFAULT_SYSTEM_SETTINGS);
    expect(audit?.after.sessionTimeoutMinutes).toBe(120);
  });

  it('refuses values outside the options with 400, and anyone but an administrator', async () => {
    for (const bad of [
      { sessionTimeoutMinutes: 45 },
      { sessionTimeoutMinutes: '30' },
      { maxLoginAttempts: 4 },
      { maintenanceMode: 'yes' },
      { emailNotifications: null },
    ]) {
      const answer = await save(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
    }
    const missing = await call(t.app, 'PUT', '/api/admin/settings/system', {
      token: admin.token,
      body: { sessionTimeoutMinutes: 30 },
    });
    expect(missing.status).toBe(400);

    const member = await signedInMember(t);
    expect((await save({}, member.token)).status).toBe(403);
    const get = await call(t.app, 'GET', '/api/admin/settings/system', { token: member.token });
    expect(get.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/settings/system')).status).toBe(401);
  });
});

describe('the settings take effect', () => {
  it('sessionTimeoutMinutes: administrator tokens expire that long after sign-in, members keep 24 h', async () => {
    const member = await signedInMember(t);
    const byDefault = await signedInAdmin(t);
    expect(lifetimeOf(byDefault.token)).toBe(30 * 60);

    await save({ sessionTimeoutMinutes: 15 });
    const short = await signedInAdmin(t);
    expect(lifetimeOf(short.token)).toBe(15 * 60);
    await save({ sessionTimeoutMinutes: 240 });
    const long = await signedInAdmin(t);
    expect(lifetimeOf(long.token)).toBe(240 * 60);

    const memberLogin = await login(member.email, member.password);
    expect(lifetimeOf(memberLogin.body.data!.token)).toBe(24 * 3600);
  });

  it('maxLoginAttempts: with 3, the 4th attempt from an address after 3 failures there is TOO_MANY_REQUESTS', async () => {
    await save({ maxLoginAttempts: 3 });
    const member = await signedInMember(t);
    // Failures count per account and address (login-throttle.ts).
    const ip = nextIp();
    for (let i = 0; i < 3; i++)
      expect((await login(member.email, `Wrong@Pass${i}`, ip)).body.errorCode).toBe(
        'INVALID_CREDENTIALS',
      );
    const fourth = await login(member.email, member.password, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.errorCode).toBe('TOO_MANY_REQUESTS');

    // With 10, the same account may fail more often.
    await save({ maxLoginAttempts: 10 });
    const other = await signedInMember(t);
    const otherIp = nextIp();
    for (let i = 0; i < 5; i++) await login(other.email, `Wrong@Pass${i}`, otherIp);
    expect((await login(other.email, other.password, otherIp)).status).toBe(200);
  });

  it('maintenanceMode: members get 503 on every call and at sign-in; admins, health and public calls work', async () => {
    const member = await signedInMember(t);
    await save({ maintenanceMode: true });

    const profile = await call(t.app, 'GET', '/api/users/profile', { token: member.token });
    expect(profile.status).toBe(503);
    expect(profile.body).toMatchObject({
      success: false,
      errorCode: 'MAINTENANCE_MODE',
      error: 'The platform is under maintenance. Please try again later.',
    });
    const memberLogin = await login(member.email, member.password);
    expect(memberLogin.status).toBe(503);
    expect(memberLogin.body.errorCode).toBe('MAINTENANCE_MODE');
    // A wrong password still answers as before: maintenance tells nothing about the account.
    expect((await login(member.email, 'Wrong@Pass1')).body.errorCode).toBe('INVALID_CREDENTIALS');

    expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/health', { token: member.token })).status).toBe(200);
    // signedInAdmin signs in through POST /users/login (password and code) and throws if refused.
    const adminLogin = await signedInAdmin(t);
    const adminCall = await call(t.app, 'GET', '/api/users/profile', {
      token: adminLogin.token,
    });
    expect(adminCall.status).toBe(200);

    await save({ maintenanceMode: false });
    expect((await call(t.app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(
      200,
    );
    expect((await login(member.email, member.password)).status).toBe(200);
  });
});

// The switches end to end; the mails themselves are their senders' (withdrawal-mails.ts,
// auth-mails.ts), tested beside them.
describe('admin alert mails follow the switches', () => {
  /** A member with 50 USDT who requests a withdrawal of 12.5 USDT through the mailed code. */
  async function requestWithdrawal() {
    const m = await signedInMember(t);
    await inGoodStanding(t, m.user._id);
    await postEntry(t.database.db, {
      userId: m.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: `test:${m.user._id}`,
      delta: { available: 50_000_000n, earned: 50_000_000n },
    });
    const asked = await call<OtpRequestResponse>(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
    });
    expect(asked.status).toBe(200);
    const mail = (await mailsTo(m.email, 'withdrawal code'))[0];
    const code = mail?.textBody.match(/code for a withdrawal is (\d{6})/)?.[1];
    const walletAddress = `0x${m.user._id.replaceAll('-', '').slice(0, 32)}00000000`;
    const created = await call<Withdrawal>(t.app, 'POST', '/api/withdrawals', {
      token: m.token,
      body: { amount: 12.5, walletAddress, asset: 'USDT', otp: code },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { member: m, withdrawal: created.body.data!, walletAddress };
  }

  const alertsAbout = async (memberEmail: string, subject: string) =>
    (await mailsTo(ADMIN_EMAIL, subject)).filter((m) => m.textBody.includes(memberEmail));

  it('a new withdrawal mails every administrator when both switches are on', async () => {
    const { member, withdrawal, walletAddress } = await requestWithdrawal();
    const [alert, ...more] = await alertsAbout(member.email, 'New withdrawal request');
    expect(more).toHaveLength(0);
    expect(alert?.subject).toContain('12.50 USDT');
    expect(alert?.textBody).toContain('Ada Lovelace');
    expect(alert?.textBody).toContain(walletAddress);
    expect(alert?.textBody).toContain(`http://app.test/admin/withdrawals/${withdrawal._id}`);
    // Members never receive it.
    expect(await mailsTo(member.email, 'New withdrawal request')).toHaveLength(0);
  });

  it('no withdrawal alert when emailNotifications or withdrawalAlerts is off', async () => {
    await save({ emailNotifications: false });
    const first = await requestWithdrawal();
    expect(await alertsAbout(first.member.email, 'New withdrawal request')).toHaveLength(0);
    await save({ withdrawalAlerts: false });
    const second = await requestWithdrawal();
    expect(await alertsAbout(second.member.email, 'New withdrawal request')).toHaveLength(0);
  });

  it('a new registration mails the administrators only when both switches are on', async () => {
    const byDefault = await register(t); // userRegistrationAlerts is off by default
    expect(byDefault.status).toBe(201);
    expect(await alertsAbout(byDefault.email, 'New registration')).toHaveLength(0);

    await save({ userRegistrationAlerts: true, emailNotifications: false });
    const masterOff = await register(t);
    expect(await alertsAbout(masterOff.email, 'New registration')).toHaveLength(0);

    await save({ userRegistrationAlerts: true });
    const on = await register(t);
    const [alert, ...more] = await alertsAbout(on.email, 'New registration');
    expect(more).toHaveLength(0);
    expect(alert?.subject).toBe('New registration: Ada Lovelace');
    const [row] = await rowsOf<{ id: string }>(
      t.database.db,
      sql`select id from users where email = ${on.email}`,
    );
    expect(alert?.textBody).toContain(`http://app.test/admin/users/${row?.id}`);
  });
});
