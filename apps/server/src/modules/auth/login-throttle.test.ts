import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../lib/rate-limiter';
import {
  call,
  createTestApp,
  latestMail,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { addressKey } from './login-throttle';

/**
 * Sign-in throttling that cannot keep the owner out: failures count per (account, address) and,
 * ten times higher over a short window, per account; every window ends on its own clock (here a
 * clock the test moves), and a password reset starts every counter of the account again.
 */
let now = Date.parse('2026-03-01T10:00:00Z');
const MINUTE = 60_000;
const MAX = DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { limiter: new MemoryRateLimiter(() => now) });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  call<{ token?: string }>(t.app, 'POST', '/api/users/login', { body: { email, password }, ip });

let block = 0;
/** `count` distinct addresses of a fresh /24. */
function addresses(count: number): string[] {
  block += 1;
  return Array.from({ length: count }, (_, i) => `10.${block}.${i >> 8}.${i & 255}`);
}

describe('sign-in throttling', () => {
  it('an attacker failing 50 times from one address does not stop the owner elsewhere', async () => {
    const owner = await signedInMember(t);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await login(owner.email, `Wrong@Guess${i}`, '203.0.113.7')).status);
    expect(statuses.slice(0, MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX).every((s) => s === 429)).toBe(true);
    expect((await login(owner.email, owner.password, '198.51.100.20')).status).toBe(200);
  });

  it("limits the owner's own failures from one address, until the window ends by itself", async () => {
    const owner = await signedInMember(t);
    const [home] = addresses(1);
    for (let i = 0; i < MAX; i++)
      expect((await login(owner.email, `Wrong@Typo${i}`, home!)).status).toBe(401);
    const refused = await login(owner.email, owner.password, home!);
    expect(refused.status).toBe(429);
    expect(refused.body.data).toMatchObject({ retryAfterSeconds: 15 * 60 });
    now += 15 * MINUTE - 1000;
    expect((await login(owner.email, owner.password, home!)).status).toBe(429);
    now += 1000;
    expect((await login(owner.email, owner.password, home!)).status).toBe(200);
  });

  it('caps failures over all addresses ten times higher, for five minutes only', async () => {
    const owner = await signedInMember(t);
    // MAX - 1 failures from each address: no single address reaches its own limit.
    const spread = addresses(Math.ceil((10 * MAX) / (MAX - 1)));
    let failures = 0;
    for (const ip of spread)
      for (let i = 0; i < MAX - 1 && failures < 10 * MAX; i++, failures++)
        expect([401, 403]).toContain(
          (await login(owner.email, `Wrong@Spray${failures}`, ip)).status,
        );
    const [fresh] = addresses(1);
    expect((await login(owner.email, owner.password, fresh!)).status).toBe(429);
    now += 5 * MINUTE;
    // The window has ended; the 20 wrong passwords in a row before it paused the account until
    // its owner follows the mailed link (decision 039).
    expect((await login(owner.email, owner.password, fresh!)).body.errorCode).toBe(
      'SIGN_IN_PAUSED',
    );
    const { token } = await latestMail(t, owner.email);
    await call(t.app, 'POST', '/api/users/unlock-sign-in', { body: { token } });
    expect((await login(owner.email, owner.password, fresh!)).status).toBe(200);
  });

  it('a successful password reset ends every lock of the account at once', async () => {
    const owner = await signedInMember(t);
    const [home] = addresses(1);
    for (let i = 0; i < MAX; i++) await login(owner.email, `Wrong@Typo${i}`, home!);
    for (const ip of addresses(12))
      for (let i = 0; i < MAX - 1; i++) await login(owner.email, `Wrong@Spray${i}`, ip);
    const [elsewhere] = addresses(1);
    expect((await login(owner.email, owner.password, home!)).status).toBe(429);
    expect((await login(owner.email, owner.password, elsewhere!)).status).toBe(429);

    await call(t.app, 'POST', '/api/users/forgot-password', {
      body: { email: owner.email },
      ip: home!,
    });
    const { token } = await latestMail(t, owner.email);
    const newPassword = 'Renewed@Key2026x';
    const reset = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { token, newPassword, confirmPassword: newPassword },
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, newPassword, home!)).status).toBe(200);
    expect((await login(owner.email, newPassword, elsewhere!)).status).toBe(200);
  });

  it('an unknown email is throttled like an account, and answers alike', async () => {
    const [ip] = addresses(1);
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++)
      statuses.push((await login('nobody.here@example.com', 'Wrong@Pass1', ip!)).status);
    expect(statuses).toEqual([...Array<number>(MAX).fill(401), 429]);
  });
});

describe('sign-in with hostile emails (found by the route fuzzer)', () => {
  it('a lone surrogate in the email is a failed sign-in, not a server error', async () => {
    const [ip] = addresses(1);
    for (const email of ['\ud800', 'a\udfff@example.com', 'x|y@example.com'])
      expect((await login(email, 'Wrong@Pass1', ip!)).status).toBe(401);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 (also mapped into IPv6) and groups IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
