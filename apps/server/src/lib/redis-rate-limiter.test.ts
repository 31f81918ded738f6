import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedis, type LocalRedis } from '../../test/redis';
import { RedisRateLimiter } from './redis-rate-limiter';

const errors: object[] = [];
const log = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object) => errors.push(obj),
};
const rule = { limit: 3, windowMs: 60_000 };

describe.skipIf(!redisAvailable())('rate limits shared through Redis', () => {
  let redis: LocalRedis;
  let a: RedisRateLimiter;
  let b: RedisRateLimiter;

  beforeAll(async () => {
    redis = await startRedis();
    a = new RedisRateLimiter(redis.url, log);
    b = new RedisRateLimiter(redis.url, log);
    await Promise.all([a.ready(), b.ready()]);
  }, 30_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('counts hits from two instances as one: the fourth hit is refused wherever it lands', async () => {
    expect((await a.consume('login:shared', rule)).allowed).toBe(true);
    expect((await b.consume('login:shared', rule)).allowed).toBe(true);
    expect((await a.peek('login:shared', rule)).allowed).toBe(true);
    expect((await b.consume('login:shared', rule)).allowed).toBe(true);
    const refused = await a.consume('login:shared', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await b.peek('login:shared', rule)).allowed).toBe(false);
  });

  it('counts concurrent hits exactly: 50 at once over two instances allow exactly the limit', async () => {
    const burst = { limit: 10, windowMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).consume('otp:burst', burst)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it('gives back reserved hits, never below zero, so a released place can be taken again', async () => {
    const key = 'login:release';
    for (let i = 0; i < 3; i++) expect((await a.consume(key, rule)).allowed).toBe(true);
    expect((await b.consume(key, rule)).allowed).toBe(false);
    await Promise.all([b.release(key), a.release(key)]);
    // Four hits were counted, two given back: one more place, then refused.
    expect((await a.consume(key, rule)).allowed).toBe(true);
    expect((await b.consume(key, rule)).allowed).toBe(false);
    // Released far more than counted: never below zero, so exactly the limit fits again.
    for (let i = 0; i < 10; i++) await b.release(key);
    for (let i = 0; i < 3; i++) expect((await a.consume(key, rule)).allowed).toBe(true);
    expect((await a.consume(key, rule)).allowed).toBe(false);
  });

  it('ends the window on its own, and a reset on one instance clears it for the other', async () => {
    const short = { limit: 1, windowMs: 300 };
    await a.consume('resend:x', short);
    expect((await b.consume('resend:x', short)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 350));
    expect((await b.consume('resend:x', short)).allowed).toBe(true);
    expect((await a.consume('resend:x', short)).allowed).toBe(false);
    await b.reset('resend:x');
    expect((await a.consume('resend:x', short)).allowed).toBe(true);
  });

  it('lets requests through and logs while Redis is down, and counts again once it is back', async () => {
    await redis.stop();
    const during = await a.consume('login:outage', rule);
    expect(during.allowed).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    await redis.start();
    // ioredis reconnects on its own; wait for it rather than for a fixed time.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      try {
        await a.ready(500);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (let i = 0; i < 3; i++) await a.consume('login:outage', rule);
    expect((await a.consume('login:outage', rule)).allowed).toBe(false);
  }, 30_000);
});
