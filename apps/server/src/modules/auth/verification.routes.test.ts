import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  latestMail,
  nextIp,
  register,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (token?: string) =>
  call(t.app, 'POST', '/api/users/verify-email', { body: token === undefined ? {} : { token } });

describe('POST /api/users/verify-email', () => {
  it('verifies with the mailed token, once', async () => {
    const registered = await register(t);
    const { token } = await latestMail(t, registered.email);
    const answer = await verify(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'EMAIL_VERIFIED' });
    const again = await verify(token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: 'EMAIL_ALREADY_VERIFIED',
      error: 'Already verified; you can sign in.',
    });
  });

  it('needs a token: TOKEN_REQUIRED', async () => {
    for (const answer of [await verify(), await verify('')]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        errorCode: 'TOKEN_REQUIRED',
        error: 'Verification token is required.',
      });
    }
  });

  it('refuses unknown and expired tokens: INVALID_OR_EXPIRED_TOKEN', async () => {
    expect((await verify('x'.repeat(43))).body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    const registered = await register(t);
    const { token } = await latestMail(t, registered.email);
    await t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'VERIFY_EMAIL'`,
    );
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      errorCode: 'INVALID_OR_EXPIRED_TOKEN',
      error: 'Link expired or invalid; request a new one.',
    });
  });
});

describe('POST /api/users/send-verification-email and resend-verification-email', () => {
  for (const path of [
    '/api/users/send-verification-email',
    '/api/users/resend-verification-email',
  ]) {
    it(`${path} mails a new working link to the given address`, async () => {
      const registered = await register(t);
      const first = await latestMail(t, registered.email);
      const answer = await call(t.app, 'POST', path, {
        body: { email: registered.email },
        ip: nextIp(),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('VERIFICATION_EMAIL_SENT');
      const second = await latestMail(t, registered.email);
      expect(second.token).not.toBe(first.token);
      expect((await verify(second.token)).status).toBe(200);
    });
  }

  it('answers the same for a verified address and an unknown one, and mails neither', async () => {
    const member = await signedInMember(t);
    const before = (await t.services.mail.listMailbox()).length;
    for (const email of [member.email, 'ghost@example.com']) {
      const answer = await call(t.app, 'POST', '/api/users/resend-verification-email', {
        body: { email },
        ip: nextIp(),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, message: 'VERIFICATION_EMAIL_SENT' });
    }
    expect((await t.services.mail.listMailbox()).length).toBe(before);
  });

  it('asks for the email when nobody is signed in', async () => {
    const answer = await call<{ errors: unknown[] }>(
      t.app,
      'POST',
      '/api/users/send-verification-email',
      { body: {}, ip: nextIp() },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data!.errors).toEqual([{ field: 'email', message: 'Email is required' }]);
  });

  it('limits resends per address, known or not: the 4th within 15 minutes is TOO_MANY_REQUESTS', async () => {
    for (const email of [(await register(t)).email, 'nobody-here@example.com']) {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await call(t.app, 'POST', '/api/users/resend-verification-email', {
              body: { email },
              ip: nextIp(),
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});
