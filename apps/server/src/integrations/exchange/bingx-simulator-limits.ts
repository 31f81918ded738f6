/**
 * The simulated exchange's limits, from BingX's documentation (decision 037):
 * - each endpoint has its own window; every answer carries `X-RateLimit-Requests-Remain` (what is
 *   left of it) and `X-RateLimit-Requests-Expire` (ms until it ends); past the limit, with
 *   `enforce`, HTTP 429;
 * - after a 429 the endpoint "recovers after 5 minutes"; asking again meanwhile is answered
 *   HTTP 418 ("an IP has been auto-banned for continuing to send requests after receiving 429");
 * - "over 20 error code ... requests within 480000 ms for this api" bans the endpoint: 100410
 *   "... can retry after time: N".
 */
export class SimulatedLimits {
  /** Requests per window and endpoint (5/s: the per-UID figure sources give). */
  perWindow = 5;
  windowMs = 1000;
  /** Answer 429 past the limit; off by default so tests of other things run at their own pace. */
  enforce = false;
  private readonly windows = new Map<string, { startedAt: number; used: number }>();
  private readonly pausedAfter429 = new Map<string, number>();
  private readonly errors = new Map<string, number[]>();
  private readonly errorBans = new Map<string, number>();

  /** What the exchange answers instead of serving the request; null: serve it. */
  refusal(
    path: string,
    now: number,
  ): { status: number; body: unknown; headers: Record<string, string> } | null {
    if ((this.pausedAfter429.get(path) ?? 0) > now)
      return { status: 418, body: { code: 418, msg: 'IP banned' }, headers: {} };
    const bannedUntil = this.errorBans.get(path) ?? 0;
    if (bannedUntil > now)
      return {
        status: 200,
        body: {
          code: 100410,
          msg: `over 20 error code:100202 requests within 480000 ms for this api, please verify and fix it ,can retry after time: ${bannedUntil}`,
        },
        headers: {},
      };
    const window = this.window(path, now);
    if (this.enforce && window.used >= this.perWindow) {
      this.started429(path, now);
      return {
        status: 429,
        body: { code: 429, msg: 'Too Many Requests' },
        headers: {
          'retry-after': String(Math.ceil((window.startedAt + this.windowMs - now) / 1000)),
        },
      };
    }
    return null;
  }

  /** Counts the request in its endpoint's window; answers BingX's rate-limit headers. */
  headers(path: string, now: number): Record<string, string> {
    const window = this.window(path, now);
    window.used += 1;
    return {
      'X-RateLimit-Requests-Remain': String(Math.max(0, this.perWindow - window.used)),
      'X-RateLimit-Requests-Expire': String(window.startedAt + this.windowMs - now),
    };
  }

  started429(path: string, now: number): void {
    this.pausedAfter429.set(path, now + 5 * 60_000);
  }

  countError(path: string, now: number): void {
    const recent = (this.errors.get(path) ?? []).filter((t) => t > now - 480_000);
    recent.push(now);
    this.errors.set(path, recent);
    if (recent.length > 20 && !((this.errorBans.get(path) ?? 0) > now))
      this.errorBans.set(path, recent[0]! + 480_000);
  }

  /** Forgets every window, pause and ban (between tests). */
  reset(): void {
    this.windows.clear();
    this.pausedAfter429.clear();
    this.errors.clear();
    this.errorBans.clear();
  }

  private window(path: string, now: number) {
    let window = this.windows.get(path);
    if (!window || now >= window.startedAt + this.windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.set(path, window);
    }
    return window;
  }
}
