import { sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { SessionTokens } from './session-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileStatus = async (token: string) =>
  (await call(t.app, 'GET', '/api/users/profile', { token })).status;

describe('sessions', () => {
  it('a LOCKED or DISABLED status ends existing sessions, and they stay ended after reactivation', async () => {
    const admin = await signedInAdmin(t);
    const setStatus = async (id: string, status: string) =>
      expect(
        (
          await call(t.app, 'PUT', `/api/users/${id}/status`, {
            token: admin.token,
            body: { status },
          })
        ).status,
      ).toBe(200);
    for (const status of ['LOCKED', 'DISABLED']) {
      const member = await signedInMember(t);
      expect(await profileStatus(member.token)).toBe(200);
      await setStatus(member.user._id, status);
      expect(await profileStatus(member.token)).toBe(401);
      await setStatus(member.user._id, 'ACTIVE');
      expect(await profileStatus(member.token)).toBe(401);
    }
  });

  it('a status change alone, made by hand in SQL, refuses the session once announced', async () => {
    const member = await signedInMember(t);
    expect(await profileStatus(member.token)).toBe(200);
    await t.database.db.execute(
      sql`update users set status = 'LOCKED' where email = ${member.email}`,
    );
    // No request of ours committed it, so nothing waited for its notification: this instance
    // hears of it a loopback hop later (docs/decisions/019); a write would not even wait.
    await t.database.syncChanges();
    expect(await profileStatus(member.token)).toBe(401);
  });

  it('refuses tokens signed with another key, another algorithm, none, or expired', async () => {
    const member = await signedInMember(t);
    const claims = { ver: 0 };
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.user._id)
      .setIssuer('ctn')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(member.user._id)
      .setIssuer('ctn')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const unsecured = new UnsecuredJWT(claims)
      .setSubject(member.user._id)
      .setIssuer('ctn')
      .setExpirationTime('1h')
      .encode();
    const { sessionId } = (await t.services.auth.sessionUser(member.token))!;
    const expired = await new SessionTokens(t.config.jwtSecret, -10).sign({
      userId: member.user._id,
      version: 0,
      sessionId,
    });
    for (const token of [otherKey, hs512, unsecured, expired])
      expect(await profileStatus(token)).toBe(401);
    const valid = await new SessionTokens(t.config.jwtSecret, 60).sign({
      userId: member.user._id,
      version: 0,
      sessionId,
    });
    expect(await profileStatus(valid)).toBe(200);
    // A well-signed token of a session that does not exist, or of another member's session.
    const other = await signedInMember(t);
    const otherSession = (await t.services.auth.sessionUser(other.token))!.sessionId;
    for (const sid of ['6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b', otherSession]) {
      const forged = await new SessionTokens(t.config.jwtSecret, 60).sign({
        userId: member.user._id,
        version: 0,
        sessionId: sid,
      });
      expect(await profileStatus(forged)).toBe(401);
    }
  });
});
