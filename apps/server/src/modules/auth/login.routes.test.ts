import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  latestMail,
  nextIp,
  register,
  signedInMember,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip?: string) =>
  call<{ token?: string; requiresVerification?: boolean; user?: Record<string, unknown> }>(
    t.app,
    'POST',
    '/api/users/login',
    {
      body: { email, password },
      ...(ip ? { ip } : {}),
    },
  );

describe('POST /api/users/login', () => {
  it('signs a verified member in with a token and the user, and records the login', async () => {
    const member = await signedInMember(t);
    const answer = await login(member.email.toUpperCase(), member.password);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('LOGIN_SUCCESSFUL');
    expect(answer.body.data).toMatchObject({
      requiresVerification: false,
      token: expect.any(String),
    });
    expect(answer.body.data!.user).toMatchObject({
      email: member.email,
      isEmailVerified: true,
      isAdmin: false,
      status: 'ACTIVE',
      subscriptionFee: { paid: false, timestamp: null },
      bingXUID: null,
      lastLogin: expect.any(String),
    });
    expect(answer.body.data!.user).not.toHaveProperty('passwordHash');
  });

  it("says whether it is the account's first sign-in ever: 'Welcome', not 'Welcome back'", async () => {
    const registered = await register(t);
    const { token } = await latestMail(t, registered.email);
    await call(t.app, 'POST', '/api/users/verify-email', { body: { token } });
    const first = await login(registered.email, registered.password, nextIp());
    expect(first.body.data).toMatchObject({ requiresVerification: false, firstSignIn: true });
    const second = await login(registered.email, registered.password, nextIp());
    expect(second.body.data).toMatchObject({ requiresVerification: false, firstSignIn: false });
  });

  it('gives an unverified member a success with requiresVerification, the pending user and no token', async () => {
    const registered = await register(t);
    const answer = await login(registered.email, registered.password);
    const pendingUser = { email: registered.email, firstName: 'Ada', lastName: 'Lovelace' };
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'EMAIL_VERIFICATION_REQUIRED',
      error: null,
      errorCode: null,
      requiresVerification: true,
      token: null,
      user: pendingUser,
      data: { requiresVerification: true, token: null, user: pendingUser },
    });
    // No session is opened: nothing but the pending user's public fields leaves the server.
    expect(Object.keys(answer.body.data!.user!).sort()).toEqual(['email', 'firstName', 'lastName']);
    const sessions = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_sessions s join users u on u.id = s.user_id where u.email = ${registered.email}`,
    );
    expect(sessions).toEqual([{ n: 0 }]);
  });

  it('puts requiresVerification, token and user beside data too, as the spec reads them', async () => {
    const member = await signedInMember(t);
    const answer = await login(member.email, member.password);
    const body = answer.body as typeof answer.body & Record<string, unknown>;
    expect(body['requiresVerification']).toBe(false);
    expect(body['token']).toBe(answer.body.data!.token);
    expect(body['user']).toEqual(answer.body.data!.user);
  });

  it('answers a wrong password and an unknown email alike: INVALID_CREDENTIALS', async () => {
    const member = await signedInMember(t);
    const wrong = await login(member.email, 'Wrong@Pass1');
    const unknown = await login('nobody@example.com', 'Wrong@Pass1');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      errorCode: 'INVALID_CREDENTIALS',
      error: 'Invalid email or password. Please try again.',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses LOCKED and DISABLED accounts with their codes, after the password check', async () => {
    const locked = await signedInMember(t);
    const disabled = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set status = 'LOCKED' where email = ${locked.email}`,
    );
    await t.database.db.execute(
      sql`update users set status = 'DISABLED' where email = ${disabled.email}`,
    );
    expect((await login(locked.email, locked.password)).body).toMatchObject({
      errorCode: 'ACCOUNT_LOCKED',
      error: 'Contact support.',
    });
    expect((await login(disabled.email, disabled.password)).body.errorCode).toBe(
      'ACCOUNT_DISABLED',
    );
    expect((await login(locked.email, 'Wrong@Pass1')).body.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('the root account never signs in', async () => {
    expect((await login('root@network.invalid', '')).body.errorCode).toBe('VALIDATION_ERROR');
    expect((await login('root@network.invalid', STRONG_PASSWORD)).body.errorCode).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('throttles failures per account and address: the right password is refused there, not elsewhere', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts; i++) {
      expect((await login(member.email, `Wrong@Pass${i}`, '10.0.0.1')).status).toBe(401);
    }
    const blocked = await login(member.email, member.password, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('TOO_MANY_REQUESTS');
    // The same account from another address, and another account from this one, are not affected.
    expect((await login(member.email, member.password, '10.0.1.1')).status).toBe(200);
    const other = await signedInMember(t);
    expect((await login(other.email, other.password, '10.0.0.1')).status).toBe(200);
  });

  it('throttles many sign-ins from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await login(`nobody${i}@example.com`, 'Wrong@Pass1', '10.9.9.9')).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /api/users/profile', () => {
  it('answers the signed-in user', async () => {
    const member = await signedInMember(t);
    const answer = await call<Record<string, unknown>>(t.app, 'GET', '/api/users/profile', {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ _id: member.user._id, email: member.email });
  });

  it('needs a valid bearer token: UNAUTHORIZED', async () => {
    for (const token of [undefined, 'garbage', `${(await signedInMember(t)).token}x`]) {
      const answer = await call(t.app, 'GET', '/api/users/profile', token ? { token } : {});
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        success: false,
        errorCode: 'UNAUTHORIZED',
        error: 'Not authorized; sign in again.',
      });
    }
  });
});
