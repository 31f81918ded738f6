import { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { RateDecision, RateLimiter, RateRule } from './rate-limiter';

const PREFIX = 'ctn:rate:';

/** Counts a hit and starts the window with the first one, atomically: [count, ms left]. */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {count, left}`;

/** Gives back one hit, never below zero, atomically. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The same fixed windows as MemoryRateLimiter, kept in Redis so every instance counts together
 * (REDIS_URL). When Redis cannot be reached a call is allowed and logged: throttling degrades,
 * sign-in does not go down with it (decision 013).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    // Fail fast while disconnected instead of queueing every sign-in behind a reconnect.
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    this.redis.on('error', (err: Error) => this.log.warn({ err }, 'redis error'));
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    try {
      const [count, leftMs] = (await this.redis.eval(CONSUME, 1, PREFIX + key, rule.windowMs)) as [
        number,
        number,
      ];
      const allowed = count <= rule.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil(leftMs / 1000) };
    } catch (err) {
      return this.unavailable(err);
    }
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    try {
      const [count, leftMs] = await Promise.all([
        this.redis.get(PREFIX + key),
        this.redis.pttl(PREFIX + key),
      ]);
      if (count === null || leftMs <= 0) return { allowed: true, retryAfterSeconds: 0 };
      return {
        allowed: Number(count) < rule.limit,
        retryAfterSeconds: Math.ceil(leftMs / 1000),
      };
    } catch (err) {
      return this.unavailable(err);
    }
  }

  async release(key: string): Promise<void> {
    try {
      await this.redis.eval(RELEASE, 1, PREFIX + key);
    } catch (err) {
      this.log.warn({ err, key }, 'rate limit release failed: redis unavailable');
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(PREFIX + key);
    } catch (err) {
      this.log.warn({ err, key }, 'rate limit reset failed: redis unavailable');
    }
  }

  /** Waits until connected: a server configured with Redis does not start without it. */
  async ready(timeoutMs = 10_000): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`REDIS_URL: no answer from Redis within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private unavailable(err: unknown): RateDecision {
    this.log.error({ err }, 'rate limiting skipped: redis unavailable');
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
