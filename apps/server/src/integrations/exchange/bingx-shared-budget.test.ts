import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedis, type LocalRedis } from '../../../test/redis';
import { RedisRateLimiter } from '../../lib/redis-rate-limiter';
import { BingxClient } from './bingx-client';
import { BingxSimulator } from './bingx-simulator';
import { silentLogger } from '../../lib/logger';

describe.skipIf(!redisAvailable())('one BingX request budget for every instance (Redis)', () => {
  let redis: LocalRedis;
  let simulator: BingxSimulator;
  const limiters: RedisRateLimiter[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    simulator = new BingxSimulator('k', 'secret-0123456789');
    await simulator.listen();
    simulator.setAccount('10000001', { invited: true });
  }, 30_000);
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await simulator?.close();
    await redis?.stop();
  });

  /** An instance: its own client, on the shared Redis. 10 requests/s: jobs 6/s, members 4/s. */
  async function instance() {
    const limiter = new RedisRateLimiter(redis.url, silentLogger);
    limiters.push(limiter);
    await limiter.ready();
    const client = new BingxClient({
      baseUrl: simulator.baseUrl,
      apiKey: 'k',
      apiSecret: 'secret-0123456789',
      requestsPerSecond: 10,
    });
    client.transport.sharedSlots = limiter;
    return client;
  }

  it('two instances together stay within one lane budget, and members keep their own lane', async () => {
    const [a, b] = [await instance(), await instance()];
    simulator.requestTimes.length = 0;
    // 4 jobs-lane calls from each instance: 8 calls at 6/s take at least 7/6 s in all.
    await Promise.all([
      ...Array.from({ length: 4 }, () => a.listInvitees()),
      ...Array.from({ length: 4 }, () => b.listInvitees()),
    ]);
    const jobs = [...simulator.requestTimes].sort((x, y) => x - y);
    expect(jobs).toHaveLength(8);
    expect(jobs.at(-1)! - jobs[0]!).toBeGreaterThanOrEqual(1100);

    // A member's link check is not queued behind a long sweep: the members lane is free.
    simulator.requestTimes.length = 0;
    const sweep = Promise.all(Array.from({ length: 6 }, () => a.listInvitees()));
    const started = Date.now();
    await b.checkInvite('10000001', 'members');
    expect(Date.now() - started).toBeLessThan(400);
    await sweep;
  }, 30_000);
});
