import type { ExchangeLane } from './exchange';

/**
 * How fast we ask BingX (decision 037): `BINGX_RATE_PER_SECOND` (default 2, the lowest figure
 * sources give: 2/s per IP) split in lanes (jobs three fifths, members two fifths), slowed
 * further by BingX's own headers, and our error answers kept under its error ban.
 */

/** Below this many requests left in BingX's window the remaining ones are spread out. */
export const LOW_REMAIN = 5;
/** BingX's window is about 1-10 s; a longer "expire" is not believed. */
const MAX_WINDOW_MS = 60_000;
/** When BingX names no window end, one second (its per-second limits). */
const DEFAULT_WINDOW_MS = 1000;

/** What `X-RateLimit-Requests-Remain` and `-Expire` said of an endpoint last. */
interface WindowReading {
  remain: number;
  endsAt: number;
}

/**
 * The request budget: per lane, one slot every 1 / (rate × share) s, shared through Redis when
 * several instances run; and per endpoint, when BingX says at most LOW_REMAIN requests are left
 * in its window, each further call waits (time left in the window) / (remain + 1), so the rest is
 * spread evenly over it; at 0 left, until the window ends.
 */
export class RequestBudget {
  readonly spacingMs: Record<ExchangeLane, number>;
  private readonly nextSlot: Record<ExchangeLane, number> = { jobs: 0, members: 0 };
  private readonly windows = new Map<string, WindowReading>();
  sharedSlots: { reserveSlot(key: string, spacingMs: number): Promise<number | null> } | null =
    null;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.spacingMs = { jobs: 1000 / (perSecond * 0.6), members: 1000 / (perSecond * 0.4) };
  }

  /** Reserves the lane's next slot and waits for it, then for the endpoint's window if low. */
  async take(lane: ExchangeLane, path: string): Promise<void> {
    await this.laneSlot(lane);
    const wait = this.windowWait(path);
    if (wait > 0) await this.sleep(wait);
  }

  /** Reads BingX's rate-limit headers of an answer from `path`. */
  observe(path: string, headers: Headers): void {
    const remain = Number(headers.get('x-ratelimit-requests-remain'));
    if (headers.get('x-ratelimit-requests-remain') === null || !Number.isFinite(remain)) return;
    const expire = Number(headers.get('x-ratelimit-requests-expire'));
    const now = this.now();
    // An epoch in ms, or (as observed on public endpoints) the ms left in the window.
    let endsAt = now + DEFAULT_WINDOW_MS;
    if (Number.isFinite(expire) && expire > 0)
      endsAt = expire > 1_000_000_000_000 ? expire : now + expire;
    this.windows.set(path, {
      remain: Math.max(0, Math.floor(remain)),
      endsAt: Math.min(endsAt, now + MAX_WINDOW_MS),
    });
  }

  /** How long a call to `path` waits for BingX's window (0 when plenty is left). */
  windowWait(path: string): number {
    const reading = this.windows.get(path);
    if (!reading) return 0;
    const left = reading.endsAt - this.now();
    if (left <= 0) {
      this.windows.delete(path);
      return 0;
    }
    if (reading.remain > LOW_REMAIN) return 0;
    const wait = left / (reading.remain + 1);
    // The call about to be sent uses one of what is left.
    reading.remain = Math.max(0, reading.remain - 1);
    return Math.ceil(wait);
  }

  private async laneSlot(lane: ExchangeLane): Promise<void> {
    if (this.sharedSlots) {
      const wait = await this.sharedSlots.reserveSlot(`bingx:${lane}`, this.spacingMs[lane]);
      if (wait !== null) {
        if (wait > 0) await this.sleep(wait);
        return;
      }
    }
    const now = this.now();
    const slot = Math.max(now, this.nextSlot[lane]);
    this.nextSlot[lane] = slot + this.spacingMs[lane];
    if (slot > now) await this.sleep(slot - now);
  }
}

/**
 * BingX bans an endpoint for "over 20 error code ... requests within 480000 ms for this api".
 * Our own error answers per endpoint are counted over the same 8 minutes; at ERROR_LIMIT the
 * endpoint pauses until the oldest of them leaves the window, so the 20th never comes. Per
 * instance: with several instances each keeps its own count (docs/operations.md).
 */
export const ERROR_WINDOW_MS = 480_000;
export const ERROR_LIMIT = 19;

export class ErrorBudget {
  private readonly errors = new Map<string, number[]>();

  /** Counts one error answer; answers the end of the pause when the endpoint must stop. */
  record(path: string, now: number): number | null {
    const recent = (this.errors.get(path) ?? []).filter((t) => t > now - ERROR_WINDOW_MS);
    recent.push(now);
    this.errors.set(path, recent);
    if (recent.length < ERROR_LIMIT) return null;
    return recent[recent.length - ERROR_LIMIT]! + ERROR_WINDOW_MS;
  }

  /** Error answers of each endpoint within the window, for the diagnostics page. */
  counts(now: number): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [path, times] of this.errors) {
      const n = times.filter((t) => t > now - ERROR_WINDOW_MS).length;
      if (n > 0) out[path] = n;
    }
    return out;
  }
}
