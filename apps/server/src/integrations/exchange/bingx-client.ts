import {
  ExchangeRequestError,
  ExchangeUnavailableError,
  type DailyCommission,
  type ExchangeGateway,
  type InviteCheck,
} from './exchange';
import { signedQueryString, type BingxParams } from './bingx-signing';
import { parseJsonExact } from './exact-json';

export const BINGX_PATHS = {
  inviteRelationCheck: '/openApi/agent/v1/account/inviteRelationCheck',
  commissionDataList: '/openApi/agent/v1/reward/commissionDataList',
} as const;

/** BingX answers every call with this shape; `code` 0 means success. */
interface BingxAnswer {
  code: number;
  msg?: string;
  data?: unknown;
}

const RATE_LIMITED = 100410;
const MAX_WINDOW_DAYS = 30;
const PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

export interface BingxClientOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Requests per second for the whole client (BingX allows 5 per UID and second). */
  requestsPerSecond?: number;
  maxRetries?: number;
  /** First backoff delay; doubles with each retry. */
  backoffMs?: number;
  timeoutMs?: number;
  recvWindowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The BingX agent API, signed as BingX requires (DESIGN.md section 4 "Exchange"). */
export class BingxClient implements ExchangeGateway {
  private readonly spacingMs: number;
  private nextSlot = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: BingxClientOptions) {
    this.spacingMs = 1000 / (options.requestsPerSecond ?? 5);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async checkInvite(uid: string): Promise<InviteCheck> {
    const data = (await this.get(BINGX_PATHS.inviteRelationCheck, { uid })) as Record<
      string,
      unknown
    > | null;
    const flag = (value: unknown) => value === true || value === 'true';
    return {
      uid,
      invited: flag(data?.['inviteResult']),
      // kycResult is documented as a string "true"/"false".
      kycDone: flag(data?.['kycResult']),
      deposited: flag(data?.['deposit']),
      balanceUsdt:
        typeof data?.['balanceVolume'] === 'string'
          ? data['balanceVolume']
          : String(data?.['balanceVolume'] ?? '0'),
      traded: flag(data?.['trade']),
    };
  }

  async dailyCommissions(
    range: { from: Date; to: Date },
    uid?: string,
  ): Promise<DailyCommission[]> {
    const rows: DailyCommission[] = [];
    for (const window of windowsOf(range.from, range.to)) {
      for (let pageIndex = 1; ; pageIndex++) {
        const params: BingxParams = {
          startTime: window.start,
          endTime: window.end,
          pageIndex,
          pageSize: PAGE_SIZE,
        };
        if (uid !== undefined) params['uid'] = uid;
        const data = (await this.get(BINGX_PATHS.commissionDataList, params)) as {
          list?: unknown[];
          total?: unknown;
        } | null;
        const list = Array.isArray(data?.list) ? data.list : [];
        for (const item of list) rows.push(toDailyCommission(item as Record<string, unknown>));
        const total = Number(data?.total ?? 0);
        if (list.length < PAGE_SIZE || pageIndex * PAGE_SIZE >= total) break;
      }
    }
    return rows;
  }

  /** One signed GET, spaced to the rate budget, retried on rate limits and network faults. */
  private async get(path: string, params: BingxParams): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 4;
    let lastProblem = 'no attempt';
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0) await this.sleep((this.options.backoffMs ?? 500) * 2 ** (attempt - 1));
      await this.takeSlot();
      const query = signedQueryString(
        { ...params, timestamp: this.now(), recvWindow: this.options.recvWindowMs ?? 5000 },
        this.options.apiSecret,
      );
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
      if (answer.code === 0) return answer.data ?? null;
      if (answer.code === RATE_LIMITED) {
        lastProblem = `rate limited: ${answer.msg ?? ''}`;
        continue;
      }
      throw new ExchangeRequestError(answer.code, answer.msg ?? 'no message');
    }
    throw new ExchangeUnavailableError(
      `BingX ${path} failed after ${maxRetries + 1} attempts: ${lastProblem}`,
    );
  }

  /** Reserves the next request slot of the rate budget and waits for it. */
  private async takeSlot(): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.spacingMs;
    if (slot > now) await this.sleep(slot - now);
  }
}

function toDailyCommission(item: Record<string, unknown>): DailyCommission {
  const text = (value: unknown) => (value === undefined || value === null ? '0' : String(value));
  const time = item['commissionTime'];
  return {
    uid: text(item['uid']),
    day:
      typeof time === 'number' || /^\d{10,}$/.test(String(time))
        ? yyyymmdd(new Date(Number(time)))
        : text(time),
    tradingVolume: text(item['tradingVolume']),
    commissionVolume: text(item['commissionVolume']),
    copyTradingVolume: text(item['extCopyTradingVolume']),
  };
}

export function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Splits an inclusive range of days into windows of at most 30 days. */
export function windowsOf(from: Date, to: Date): { start: string; end: string }[] {
  const windows: { start: string; end: string }[] = [];
  const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const last = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  for (let start = first; start <= last; start += MAX_WINDOW_DAYS * DAY_MS) {
    const end = Math.min(last, start + (MAX_WINDOW_DAYS - 1) * DAY_MS);
    windows.push({ start: yyyymmdd(new Date(start)), end: yyyymmdd(new Date(end)) });
  }
  return windows;
}
