import { AppError } from './app-error';

/**
 * Fixed-window counters for throttling (login, resend, forgot-password). In memory for one
 * instance; RedisRateLimiter shares them between instances (REDIS_URL).
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A decision of `consume`, with the hits counted in the window so far, this one included. */
export interface RateCount extends RateDecision {
  /** 0 when the count is unknown (Redis unavailable: the hit was allowed). */
  count: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `rule`. */
  consume(key: string, rule: RateRule): Promise<RateCount>;
  /** Counts without a hit: is `key` already over `rule`? */
  peek(key: string, rule: RateRule): Promise<RateDecision>;
  /**
   * Gives back one hit counted by `consume`: an attempt reserved before it was checked that
   * turned out not to count (never below zero).
   */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counts one hit on `key`; over `rule`, TOO_MANY_REQUESTS with how long to wait. */
export async function takeTurn(limiter: RateLimiter, key: string, rule: RateRule): Promise<void> {
  const decision = await limiter.consume(key, rule);
  if (!decision.allowed)
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: decision.retryAfterSeconds });
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async consume(key: string, rule: RateRule): Promise<RateCount> {
    const window = this.current(key, rule);
    window.count += 1;
    return { ...this.decide(window, rule), count: window.count };
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: window.count < rule.limit,
      retryAfterSeconds: Math.ceil((window.resetAt - this.now()) / 1000),
    };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private current(key: string, rule: RateRule) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private decide(window: { count: number; resetAt: number }, rule: RateRule): RateDecision {
    const allowed = window.count <= rule.limit;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : Math.ceil((window.resetAt - this.now()) / 1000),
    };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
