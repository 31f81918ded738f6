import { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { RateCount, RateDecision, RateLimiter, RateRule } from './rate-limiter';

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
 * Reserves the next request slot of a shared budget, on Redis's clock so instances with
 * skewed clocks agree: answers how many ms to wait for it.
 */
const RESERVE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextSlot)
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', 60000)
return slot - now`;

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

  async consume(key: string, rule: RateRule): Promise<RateCount> {
    try {
      const [count, leftMs] = (await this.redis.eval(CONSUME, 1, PREFIX + key, rule.windowMs)) as [
        number,
        number,
      ];
      const allowed = count <= rule.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil(leftMs / 1000), count };
    } catch (err) {
      return { ...this.unavailable(err), count: 0 };
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

  /**
   * The wait for the next slot of the request budget `key`, one per `spacingMs` across every
   * instance (the BingX budget); null when Redis cannot say (the caller spaces on its own).
   */
  async reserveSlot(key: string, spacingMs: number): Promise<number | null> {
    try {
      return Number(
        await this.redis.eval(RESERVE_SLOT, 1, `${PREFIX}slot:${key}`, Math.ceil(spacingMs)),
      );
    } catch (err) {
      this.log.warn({ err }, 'shared request budget unavailable: spacing on this instance only');
      return null;
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
