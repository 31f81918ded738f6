import { isBingxUid } from '@ctn/contracts/validation';
import type { Logger } from '../../lib/logger';
import { ErrorBudget, RequestBudget } from './bingx-budget';
import { bodyOf, classifyAnswer, retryAfterSeconds, type BingxVerdict } from './bingx-errors';
import { signedQueryString, type BingxParams } from './bingx-signing';
import {
  ExchangeParameterError,
  ExchangeRequestError,
  ExchangeUnavailableError,
  type ExchangeLane,
} from './exchange';

export { unblockTime } from './bingx-errors';

export interface BingxTransportOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** BINGX_RATE_PER_SECOND: requests per second of the whole client (default 2). */
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
  /** Told once when our own error answers pause an endpoint (administrators are alerted). */
  onEndpointPause?: (pause: { path: string; until: Date; message: string }) => void;
  log?: Logger;
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

/** A pause of one lane or one endpoint: nothing is sent there until it ends. */
export interface TransportPause {
  scope: string;
  until: Date;
  reason: string;
}

/** What the transport knows of its own state: the diagnostics page shows it. */
export interface TransportState {
  breakerOpenUntil: Date | null;
  breakerReason: string | null;
  requests: number;
  lastError: string | null;
}

/** One answer as it arrived: the HTTP status, Retry-After and body; null when none came. */
type Arrival = { status: number; retryAfter: number | null; body: string } | { problem: string };

/**
 * Signed GETs to the BingX API (decision 037): within the request budget (bingx-budget.ts),
 * retried with backoff only where BingX says asking again helps (bingx-errors.ts), behind a
 * circuit breaker for bans (100410 with an end time, HTTP 418), with lane and endpoint pauses for
 * 429 and for our own error answers nearing BingX's error ban, and UIDs checked before any call.
 */
export class BingxTransport {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly budget: RequestBudget;
  readonly errors = new ErrorBudget();
  private readonly lanePauses = new Map<ExchangeLane, TransportPause>();
  private readonly endpointPauses = new Map<string, TransportPause>();
  readonly state: TransportState = {
    breakerOpenUntil: null,
    breakerReason: null,
    requests: 0,
    lastError: null,
  };

  /** Told once per ban (administrators are alerted); set by the app once mail exists. */
  onBan: BingxTransportOptions['onBan'];
  onEndpointPause: BingxTransportOptions['onEndpointPause'];
  log: Logger | undefined;

  constructor(private readonly options: BingxTransportOptions) {
    this.onBan = options.onBan;
    this.onEndpointPause = options.onEndpointPause;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.budget = new RequestBudget(options.requestsPerSecond ?? 2, this.now, this.sleep);
  }

  /** The budget shared by every instance (REDIS_URL); see RequestBudget. */
  set sharedSlots(slots: RequestBudget['sharedSlots']) {
    this.budget.sharedSlots = slots;
  }

  get baseUrl(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  /** The lane and endpoint pauses now running, for the diagnostics page. */
  pauses(): TransportPause[] {
    const now = this.now();
    return [...this.lanePauses.values(), ...this.endpointPauses.values()].filter(
      (p) => p.until.getTime() > now,
    );
  }

  /**
   * One signed GET, once, for the diagnostics page: the HTTP status, BingX's code and message,
   * the raw body and the time it took. No retry; refused while a ban or pause lasts; its error
   * answers count like any other.
   */
  async probe(path: string, params: BingxParams): Promise<ProbeResult> {
    this.refuseBeforeSending(path, params, 'members');
    await this.budget.take('members', path);
    this.refuseBeforeSending(path, params, 'members');
    const started = performance.now();
    const arrival = await this.send(path, params, true);
    const latencyMs = Math.round(performance.now() - started);
    if ('problem' in arrival)
      return {
        httpStatus: null,
        code: null,
        message: arrival.problem,
        data: undefined,
        body: '',
        latencyMs,
      };
    try {
      this.act(path, params, 'members', this.classify(arrival));
    } catch {
      // The probe shows the answer itself; the breaker, pauses and error count are what matter.
    }
    const answer = bodyOf(arrival.body);
    return {
      httpStatus: arrival.status,
      code: answer?.code ?? null,
      message: answer ? answer.message : null,
      data: answer?.data,
      body: arrival.body.slice(0, 4000),
      latencyMs,
    };
  }

  /** One signed GET answered with code 0: its `data` (null when absent). */
  async get(path: string, params: BingxParams, lane: ExchangeLane = 'jobs'): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 4;
    let lastProblem = 'no attempt';
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      this.refuseBeforeSending(path, params, lane);
      if (attempt > 0) await this.sleep((this.options.backoffMs ?? 500) * 2 ** (attempt - 1));
      await this.budget.take(lane, path);
      this.refuseBeforeSending(path, params, lane);
      const arrival = await this.send(path, params, true);
      if ('problem' in arrival) {
        lastProblem = arrival.problem;
        continue;
      }
      const verdict = this.classify(arrival);
      const outcome = this.act(path, params, lane, verdict);
      if (outcome.done) return outcome.data;
      lastProblem = outcome.problem;
    }
    this.state.lastError = lastProblem;
    throw new ExchangeUnavailableError(
      `BingX ${path} failed after ${maxRetries + 1} attempts: ${lastProblem}`,
    );
  }

  /**
   * BingX's server time (`/openApi/swap/v2/server/time`, not signed) and the local clock's
   * offset from it: local time at the middle of the round trip minus the server's.
   */
  async serverTime(path: string): Promise<{ serverTime: number; skewMs: number }> {
    this.refuseBeforeSending(path, {}, 'members');
    await this.budget.take('members', path);
    const sentAt = this.now();
    const arrival = await this.send(path, {}, false);
    const receivedAt = this.now();
    if ('problem' in arrival) throw new ExchangeUnavailableError(arrival.problem);
    const verdict = this.classify(arrival);
    const outcome = this.act(path, {}, 'members', verdict);
    if (!outcome.done) throw new ExchangeUnavailableError(outcome.problem);
    const data = outcome.data as Record<string, unknown> | null;
    const raw = data?.['serverTime'];
    const serverTime = typeof raw === 'bigint' ? Number(raw) : Number(raw);
    if (!Number.isSafeInteger(serverTime) || serverTime <= 0)
      throw new ExchangeUnavailableError(`${path} answered without serverTime`);
    return { serverTime, skewMs: Math.round((sentAt + receivedAt) / 2 - serverTime) };
  }

  private classify(arrival: { status: number; retryAfter: number | null; body: string }) {
    return classifyAnswer(
      { status: arrival.status, retryAfterSeconds: arrival.retryAfter, body: arrival.body },
      this.now(),
    );
  }

  /**
   * Applies a verdict: answers the data, or the problem to retry on; opens the breaker or a
   * pause; throws what retrying will not fix. Every error answer counts towards the endpoint's
   * error budget.
   */
  private act(
    path: string,
    params: BingxParams,
    lane: ExchangeLane,
    verdict: BingxVerdict,
  ): { done: true; data: unknown } | { done: false; problem: string } {
    if (verdict.kind === 'ok') {
      this.state.lastError = null;
      return { done: true, data: verdict.data };
    }
    this.countError(path);
    switch (verdict.kind) {
      case 'ban':
        this.ban(verdict.scope, verdict.until, verdict.message);
        throw this.breakerError();
      case 'slow-down': {
        // Asking again during a 429 earns HTTP 418: the lane and the endpoint both stop.
        const pause = { until: new Date(verdict.until), reason: verdict.message };
        this.lanePauses.set(lane, { scope: `${lane} lane`, ...pause });
        this.pauseEndpoint(path, pause, false);
        this.state.lastError = verdict.message;
        this.log?.warn({ path, lane, until: pause.until }, 'BingX 429: lane and endpoint paused');
        throw new ExchangeUnavailableError(
          `BingX ${path}: ${verdict.message}; ${lane} calls paused until ${pause.until.toISOString()}`,
        );
      }
      case 'retry':
        return { done: false, problem: verdict.problem };
      case 'parameter':
        this.state.lastError = `${verdict.code}: ${verdict.message}`;
        // Our bug: the request's shape (no values, no secret) is what a developer needs.
        this.log?.error(
          {
            path,
            parameters: Object.keys(params).sort(),
            code: verdict.code,
            msg: verdict.message,
          },
          'BingX refused the parameters we sent',
        );
        throw new ExchangeParameterError(verdict.code, verdict.message);
      case 'refused':
        this.state.lastError = `${verdict.code}: ${verdict.message}`;
        throw new ExchangeRequestError(verdict.code, verdict.message);
    }
  }

  private async send(path: string, params: BingxParams, signed: boolean): Promise<Arrival> {
    const query = signed
      ? signedQueryString(
          { ...params, timestamp: this.now(), recvWindow: this.options.recvWindowMs ?? 5000 },
          this.options.apiSecret,
        )
      : '';
    this.state.requests += 1;
    try {
      const response = await fetch(`${this.baseUrl}${path}${query ? `?${query}` : ''}`, {
        headers: { 'X-BX-APIKEY': this.options.apiKey },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      this.budget.observe(path, response.headers);
      const body = await response.text();
      return {
        status: response.status,
        retryAfter: retryAfterSeconds(response.headers.get('retry-after'), this.now()),
        body,
      };
    } catch (err) {
      return { problem: err instanceof Error ? err.message : String(err) };
    }
  }

  private countError(path: string): void {
    const until = this.errors.record(path, this.now());
    if (until === null) return;
    this.pauseEndpoint(
      path,
      {
        until: new Date(until),
        reason: `our own error answers reached the limit for ${path} (under 20 in 8 minutes)`,
      },
      true,
    );
  }

  private pauseEndpoint(path: string, pause: Omit<TransportPause, 'scope'>, tell: boolean): void {
    const already = this.endpointPauses.get(path);
    if (already && already.until >= pause.until) return;
    this.endpointPauses.set(path, { scope: path, ...pause });
    if (!tell) return;
    this.log?.error({ path, until: pause.until }, 'BingX endpoint paused: too many error answers');
    this.onEndpointPause?.({ path, until: pause.until, message: pause.reason });
  }

  /** Refuses, before anything is sent: a UID that cannot be one, a ban, a lane or endpoint pause. */
  private refuseBeforeSending(path: string, params: BingxParams, lane: ExchangeLane): void {
    const uid = params['uid'];
    if (uid !== undefined && !isBingxUid(String(uid)))
      throw new ExchangeParameterError(
        0,
        `not a BingX UID (1-19 digits): ${String(uid).slice(0, 24)}`,
      );
    const until = this.state.breakerOpenUntil;
    if (until !== null && until.getTime() <= this.now()) {
      this.state.breakerOpenUntil = null;
      this.state.breakerReason = null;
    } else if (until !== null) throw this.breakerError();
    for (const pause of [this.lanePauses.get(lane), this.endpointPauses.get(path)]) {
      if (pause && pause.until.getTime() > this.now())
        throw new ExchangeUnavailableError(
          `BingX ${pause.scope} paused until ${pause.until.toISOString()}: ${pause.reason}`,
        );
    }
  }

  private breakerError(): ExchangeUnavailableError {
    return new ExchangeUnavailableError(
      `BingX calls paused until ${this.state.breakerOpenUntil?.toISOString()}: ${this.state.breakerReason ?? 'banned'}`,
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
}
