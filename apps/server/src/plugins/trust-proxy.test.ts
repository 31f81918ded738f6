import type { SessionView } from '@ctn/contracts/security';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInMember, type TestApp } from '../../test/test-app';

/**
 * Whose address a request has: the socket's, unless the socket is a configured reverse proxy
 * (TRUST_PROXY). Read back through the sessions list, which records the sign-in address.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function addressSeen(app: TestApp, from: string, forwardedFor: string): Promise<string> {
  const m = await signedInMember(app);
  const answer = await app.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: m.email, password: m.password },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: from,
  });
  expect(answer.statusCode).toBe(200);
  const token = answer.json<{ data: { token: string } }>().data.token;
  const sessions = await call<{ sessions: SessionView[] }>(app.app, 'GET', '/api/users/sessions', {
    token,
  });
  return sessions.body.data!.sessions.find((s) => s.current)!.ip!;
}

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For from loopback only by default, never from a stranger', async () => {
    t = await createTestApp();
    expect(await addressSeen(t, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
    expect(await addressSeen(t, '127.0.0.1', '198.51.100.2')).toBe('198.51.100.2');
  });

  it('believes the configured proxy, and nobody with "none"', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await addressSeen(t, '10.1.2.3', '198.51.100.3')).toBe('198.51.100.3');
    // A chain of forwards: the first address the trusted proxy did not vouch for is the client.
    expect(await addressSeen(t, '10.1.2.3', '192.0.2.9, 198.51.100.4')).toBe('198.51.100.4');
    expect(await addressSeen(t, '127.0.0.1', '198.51.100.5')).toBe('127.0.0.1');
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'none' });
    expect(await addressSeen(t, '127.0.0.1', '198.51.100.6')).toBe('127.0.0.1');
  });
});
