import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, signedInMember, type TestApp } from '../../test/test-app';

/** Member section 7's calls with an empty or optional body, as clients really send them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EMPTY_BODIES: Array<{ name: string; headers: Record<string, string>; payload?: string }> = [
  { name: 'no body, no content type', headers: {} },
  { name: 'empty JSON', headers: { 'content-type': 'application/json' }, payload: '' },
  {
    name: 'empty JSON with a charset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: '',
  },
  { name: 'empty text', headers: { 'content-type': 'text/plain' }, payload: '' },
  {
    name: 'empty form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  },
  { name: 'empty JSON object', headers: { 'content-type': 'application/json' }, payload: '{}' },
];

describe('empty request bodies', () => {
  it.each(EMPTY_BODIES)('POST /api/otp/withdrawal/request accepts $name', async (body) => {
    const member = await signedInMember(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/request',
      headers: { ...body.headers, authorization: `Bearer ${member.token}` },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, data: { expiresAt: expect.any(String) } });
  });

  it.each(EMPTY_BODIES)('send- and resend-verification-email accept $name', async (body) => {
    const member = await signedInMember(t);
    for (const path of ['send-verification-email', 'resend-verification-email']) {
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/users/${path}`,
          headers: { ...body.headers, ...headers },
          remoteAddress: nextIp(),
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
      // With a session the body is not needed: the signed-in member is the one to mail (and
      // this one is verified already). Without one, the email is missing: a field error, not a
      // refused body.
      const signedIn = await send({ authorization: `Bearer ${member.token}` });
      expect(signedIn.json(), path).toMatchObject({ errorCode: 'EMAIL_ALREADY_VERIFIED' });
      const anonymous = await send({});
      expect(anonymous.statusCode, path).toBe(400);
      expect(anonymous.json(), path).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        data: { errors: [{ field: 'email' }] },
      });
    }
  });

  it('still refuses a body with content that is not JSON, and JSON that does not parse', async () => {
    const member = await signedInMember(t);
    const headers = { authorization: `Bearer ${member.token}` };
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/verify',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'otp=123456',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/verify',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"otp":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
  });

  it('still needs the body where the spec names one', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });

  it('refuses prototype poisoning as before', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","__proto__":{"x":1}}',
    });
    expect(answer.statusCode).toBe(400);
  });
});
