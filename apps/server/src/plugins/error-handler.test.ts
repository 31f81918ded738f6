import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, type TestApp } from '../../test/test-app';

/** Failures the route fuzzer found outside the envelope or as 500s, answered in the envelope. */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

describe('the error handler', () => {
  it('answers a body over the limit 413 PAYLOAD_TOO_LARGE', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: `${'a'.repeat(70_000)}@example.com` },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      success: false,
      message: 'PAYLOAD_TOO_LARGE',
      data: null,
      error: 'The request is too large. Send a smaller file or less text.',
      errorCode: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers text with a NUL character 400 BAD_REQUEST wherever it reaches the database', async () => {
    for (const url of [
      '/api/withdrawals/admin/all?search=a%00b',
      '/api/users/admin/all?search=%00',
      '/api/rewards/stats/%00',
      '/api/withdrawals/admin/user/CT%00',
    ]) {
      const answer = await call(t.app, 'GET', url, { token: admin.token });
      expect(answer.status, url).toBe(400);
      expect(answer.body.errorCode, url).toBe('BAD_REQUEST');
    }
  });

  it('answers an unroutable URL in the envelope, with the security headers', async () => {
    for (const [url, status] of [
      ['/api/withdrawals/%ZZ', 400],
      ['/api/withdrawals/%ED%A0%80', 400],
      [`/api/withdrawals/${'a'.repeat(150)}`, 414],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});
