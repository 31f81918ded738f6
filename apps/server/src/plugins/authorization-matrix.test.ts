import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  nextIp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../test/test-app';

/**
 * Every route the app registers, walked from its own route table, so a new route cannot be
 * forgotten: admin routes answer 401 to anonymous callers and 403 to members; member routes 401
 * to anonymous callers; nothing protected ever answers 2xx without the right token.
 */
let t: TestApp;
let member: { token: string };
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);
const send = async (
  method: string,
  url: string,
  token?: string,
): Promise<{ status: number; body: { errorCode: string | null } }> => {
  // The CSV exports (an administrator's lists, a member's own rewards) answer whoever may read
  // them with a file, not the envelope: only the status counts.
  if (token && method === 'GET' && url.endsWith('/export')) {
    const response = await t.app.inject({
      method: 'GET',
      url: concrete(url),
      headers: { authorization: `Bearer ${token}` },
    });
    const isFile = String(response.headers['content-type'] ?? '').startsWith('text/csv');
    return {
      status: response.statusCode,
      body: isFile ? { errorCode: null } : response.json<{ errorCode: string | null }>(),
    };
  }
  return call(t.app, method as 'GET', concrete(url), {
    ...(token ? { token } : {}),
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
  });
};

describe('authorization matrix', () => {
  it('covers the admin and member routes the app has', () => {
    const protectedRoutes = t.app.routeTable.filter((r) => r.auth !== undefined);
    expect(protectedRoutes.filter((r) => r.auth === 'admin').length).toBeGreaterThanOrEqual(5);
    expect(protectedRoutes.filter((r) => r.auth === 'user').length).toBeGreaterThanOrEqual(2);
  });

  it('admin routes: anonymous 401, member 403, admin neither', async () => {
    for (const route of t.app.routeTable.filter((r) => r.auth === 'admin')) {
      const label = `${route.method} ${route.url}`;
      expect((await send(route.method, route.url)).status, label).toBe(401);
      const asMember = await send(route.method, route.url, member.token);
      expect(asMember.status, label).toBe(403);
      expect(asMember.body.errorCode, label).toBe('FORBIDDEN');
      expect([401, 403], label).not.toContain(
        (await send(route.method, route.url, admin.token)).status,
      );
    }
  });

  it('member routes: anonymous 401, signed in allowed', async () => {
    for (const route of t.app.routeTable.filter((r) => r.auth === 'user')) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await send(route.method, route.url);
      expect(anonymous.status, label).toBe(401);
      expect(anonymous.body.errorCode, label).toBe('UNAUTHORIZED');
      // A member of its own per route: "sign out everywhere" ends the session it is called with.
      const own = await signedInMember(t);
      expect([401, 403], label).not.toContain(
        (await send(route.method, route.url, own.token)).status,
      );
    }
  });

  it('admin routes: an administrator without a second factor is sent to set one up', async () => {
    const email = 'no-2fa-admin@example.com';
    const password = 'Admin@Password2';
    await t.services.auth.ensureAdmin(email, password);
    const login = await call<{ token: string; user: { twoFactorEnabled: boolean } }>(
      t.app,
      'POST',
      '/api/users/login',
      { body: { email, password }, ip: nextIp() },
    );
    expect(login.body.data!.user.twoFactorEnabled).toBe(false);
    const token = login.body.data!.token;
    for (const route of t.app.routeTable.filter((r) => r.auth === 'admin')) {
      const answer = await send(route.method, route.url, token);
      expect(answer.status, `${route.method} ${route.url}`).toBe(403);
      expect(answer.body.errorCode).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }
    // Its own account and the setup calls stay open to it.
    expect((await call(t.app, 'GET', '/api/users/profile', { token })).status).toBe(200);
    // Turning the second factor on asks for the password again (decision 039).
    const setup = await call(t.app, 'POST', '/api/users/two-factor/setup', {
      token,
      body: { password },
    });
    expect(setup.status).toBe(200);
  });
});
