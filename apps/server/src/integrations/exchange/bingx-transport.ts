import { signedQueryString, type BingxParams } from './bingx-signing';
import { parseJsonExact } from './exact-json';
import { ExchangeRequestError, ExchangeUnavailableError, type ExchangeLane } from './exchange';

/** BingX answers every call with this shape; `code` 0 means success. */
interface BingxAnswer {
  code: number;
  msg?: string;
  data?: unknown;
}

/** Codes that mean "busy, ask again": system busy, service unavailable, rate limited. */
const BUSY_CODES = new Set([100500, 80012]);
const RATE_LIMITED = 100410;
/** After HTTP 418 (the IP is banned) nothing is sent for this long, or what Retry-After says. */
const IP_BAN_PAUSE_MS = 60 * 60_000;

export interface BingxTransportOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Requests per second of the whole client (BingX allows 5 per UID and second). */
  requestsPerSecond?: number;
  maxRetries?: number;
  /** First backoff delay; doubles with each retry. */
  backoffMs?: number;
  timeoutMs?: number;
  recvWindowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told once when the exchange bans our address or key (administrators are alerted). */
  onBan?: (ban: { kind: 'IP' | 'API'; until: Date; message: string }) => void;
}

export interface ProbeResult {
  httpStatus: number | null;
  code: number | null;
  message: string | null;
  data: unknown;
  /** The raw answer, cut at 4,000 characters. */
  body: string;
  latencyMs: number;
}

/** What the transport knows of its own state: the diagnostics page shows it. */
export interface TransportState {
  breakerOpenUntil: Date | null;
  breakerReason: string | null;
  requests: number;
  lastError: string | null;
}

/**
 * Signed GETs to the BingX API, within a request budget split in two lanes (jobs get three fifths,
 * members two), retried on "busy" answers and network faults with backoff, and behind a circuit
 * breaker: a ban with an unblock time (100410) or an IP ban (HTTP 418) stops every call until it
 * ends, since asking again only lengthens a ban.
 */
export class BingxTransport {
  private readonly spacingMs: Record<ExchangeLane, number>;
  private readonly nextSlot: Record<ExchangeLane, number> = { jobs: 0, members: 0 };
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly state: TransportState = {
    breakerOpenUntil: null,
    breakerReason: null,
    requests: 0,
    lastError: null,
  };

  /**
   * The budget shared by every instance (REDIS_URL): answers the wait for the lane's next slot,
   * or null when it cannot (then this instance spaces on its own).
   */
  sharedSlots: { reserveSlot(key: string, spacingMs: number): Promise<number | null> } | null =
    null;

  /** Told once per ban (administrators are alerted); set by the app once mail exists. */
  onBan: BingxTransportOptions['onBan'];

  constructor(private readonly options: BingxTransportOptions) {
    this.onBan = options.onBan;
    const perSecond = options.requestsPerSecond ?? 5;
    this.spacingMs = { jobs: 1000 / (perSecond * 0.6), members: 1000 / (perSecond * 0.4) };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * One signed GET, once, for the diagnostics page: the HTTP status, BingX's code and message,
   * the raw body and the time it took. No retry; refused while a ban lasts.
   */
  async probe(path: string, params: BingxParams): Promise<ProbeResult> {
    this.refuseWhileBanned();
    await this.takeSlot('members');
    const query = signedQueryString(
      { ...params, timestamp: this.now(), recvWindow: this.options.recvWindowMs ?? 5000 },
      this.options.apiSecret,
    );
    this.state.requests += 1;
    const started = performance.now();
    try {
      const response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}${path}?${query}`, {
        headers: { 'X-BX-APIKEY': this.options.apiKey },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      const body = await response.text();
      let answer: BingxAnswer | null = null;
      try {
        answer = parseJsonExact(body) as BingxAnswer;
      } catch {
        answer = null;
      }
      return {
        httpStatus: response.status,
        code: typeof answer?.code === 'number' ? answer.code : null,
        message: answer?.msg ?? null,
        data: answer?.data,
        body: body.slice(0, 4000),
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      return {
        httpStatus: null,
        code: null,
        message: err instanceof Error ? err.message : String(err),
        data: undefined,
        body: '',
        latencyMs: Math.round(performance.now() - started),
      };
    }
  }

  /** One signed GET answered with code 0: its `data` (null when absent). */
  async get(path: string, params: BingxParams, lane: ExchangeLane = 'jobs'): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 4;
    let lastProblem = 'no attempt';
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      this.refuseWhileBanned();
      if (attempt > 0) await this.sleep((this.options.backoffMs ?? 500) * 2 ** (attempt - 1));
      await this.takeSlot(lane);
      this.refuseWhileBanned();
      const query = signedQueryString(
        { ...params, timestamp: this.now(), recvWindow: this.options.recvWindowMs ?? 5000 },
        this.options.apiSecret,
      );
      this.state.requests += 1;
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}${path}?${query}`, {
          headers: { 'X-BX-APIKEY': this.options.apiKey },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        lastProblem = err instanceof Error ? err.message : String(err);
        continue;
      }
      if (response.status === 418) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const pause = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0;
        this.ban('IP', this.now() + Math.max(pause, IP_BAN_PAUSE_MS), 'HTTP 418: IP banned');
        this.refuseWhileBanned();
      }
      if (response.status === 429 || response.status >= 500) {
        lastProblem = `HTTP ${response.status}`;
        continue;
      }
      let answer: BingxAnswer;
      try {
        answer = parseJsonExact(await response.text()) as BingxAnswer;
      } catch {
        lastProblem = `HTTP ${response.status} with a body that is not JSON`;
        continue;
      }
      if (answer.code === 0) {
        this.state.lastError = null;
        return answer.data ?? null;
      }
      const message = answer.msg ?? '';
      if (answer.code === RATE_LIMITED) {
        const until = unblockTime(message);
        if (until !== null && until > this.now()) {
          this.ban('API', until, `100410: ${message}`);
          this.refuseWhileBanned();
        }
        lastProblem = `rate limited: ${message}`;
        continue;
      }
      if (BUSY_CODES.has(answer.code)) {
        lastProblem = `busy (${answer.code}): ${message}`;
        continue;
      }
      this.state.lastError = `${answer.code}: ${message}`;
      throw new ExchangeRequestError(answer.code, message || 'no message');
    }
    this.state.lastError = lastProblem;
    throw new ExchangeUnavailableError(
      `BingX ${path} failed after ${maxRetries + 1} attempts: ${lastProblem}`,
    );
  }

  private refuseWhileBanned(): void {
    const until = this.state.breakerOpenUntil;
    if (until === null) return;
    if (until.getTime() <= this.now()) {
      this.state.breakerOpenUntil = null;
      this.state.breakerReason = null;
      return;
    }
    throw new ExchangeUnavailableError(
      `BingX calls paused until ${until.toISOString()}: ${this.state.breakerReason ?? 'banned'}`,
    );
  }

  private ban(kind: 'IP' | 'API', untilMs: number, message: string): void {
    const until = new Date(untilMs);
    const already = this.state.breakerOpenUntil;
    if (already && already >= until) return;
    this.state.breakerOpenUntil = until;
    this.state.breakerReason = message;
    this.state.lastError = message;
    this.onBan?.({ kind, until, message });
  }

  /** Reserves the lane's next request slot and waits for it. */
  private async takeSlot(lane: ExchangeLane): Promise<void> {
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
 * The end of a ban from BingX's message ("... unblocked after 1732521600000", seconds or ms, or
 * an ISO time); null when the message names none (then it is an ordinary rate limit).
 */
export function unblockTime(message: string): number | null {
  const after = /unblock\w*\s+(?:after|at)\s+([0-9]{10,13}|\d{4}-\d{2}-\d{2}[T ][\d:.]+Z?)/i.exec(
    message,
  );
  if (!after) return null;
  const value = after[1]!;
  if (/^\d+$/.test(value)) return value.length === 13 ? Number(value) : Number(value) * 1000;
  const parsed = Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? null : parsed;
}
