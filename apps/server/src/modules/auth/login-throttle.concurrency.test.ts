import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedis, type LocalRedis } from '../../../test/redis';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';

/**
 * Issue "Security round 2", item 1: guesses sent together must not get past the limits. Each
 * attempt is counted before its password is checked, so however many arrive at once, no more
 * than the rules allow are ever tested.
 */
const MAX = DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  call<{ token?: string }>(t.app, 'POST', '/api/users/login', { body: { email, password }, ip });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in limits under parallel guesses', () => {
  it('20 guesses at once for one account from one address test at most the limit', async () => {
    const owner = await signedInMember(t);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      // The right password hidden among the guesses must not slip through either.
      login(owner.email, i === 19 ? owner.password : `Wrong@Guess${i}`, '203.0.113.50'),
    );
    const statuses = (await Promise.all(guesses)).map((a) => a.status);
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(MAX);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(20 - MAX);
    // The limit holds afterwards too.
    expect((await login(owner.email, owner.password, '203.0.113.50')).status).toBe(429);
  });

  it('guesses at once from 5 addresses test at most the limit of each address', async () => {
    const owner = await signedInMember(t);
    const ips = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    const guesses = ips.flatMap((ip, a) =>
      Array.from({ length: 20 }, (_, i) => login(owner.email, `Wrong@Spray${a}-${i}`, ip)),
    );
    const statuses = (await Promise.all(guesses)).map((a) => a.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(5 * MAX);
    expect(count(statuses, 401)).toBeGreaterThan(0);
  });

  it('the owner signing in succeeds, and does not use up the account-wide allowance', async () => {
    const owner = await signedInMember(t);
    for (let i = 0; i < 10 * MAX + 5; i++)
      expect((await login(owner.email, owner.password, `192.0.2.${(i % 200) + 1}`)).status).toBe(
        200,
      );
  });
});

describe.skipIf(!redisAvailable())(
  'sign-in limits under parallel guesses, counted in Redis',
  () => {
    let redis: LocalRedis;
    let shared: TestApp;
    beforeAll(async () => {
      redis = await startRedis();
      shared = await createTestApp({ REDIS_URL: redis.url });
    }, 30_000);
    afterAll(async () => {
      await shared?.close();
      await redis?.stop();
    });

    it('20 guesses at once test at most the limit', async () => {
      const owner = await signedInMember(shared);
      const statuses = (
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            call(shared.app, 'POST', '/api/users/login', {
              body: { email: owner.email, password: `Wrong@Guess${i}` },
              ip: '203.0.113.60',
            }),
          ),
        )
      ).map((a) => a.status);
      expect(count(statuses, 401)).toBe(MAX);
      expect(count(statuses, 429)).toBe(20 - MAX);
    });
  },
);
