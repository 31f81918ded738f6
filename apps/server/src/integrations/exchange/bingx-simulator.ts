import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { BINGX_PATHS, type CommissionApi } from './bingx-client';
import { exchangeDayAt, exchangeDayStart, type DayFormat } from './bingx-days';
import { signQuery } from './bingx-signing';
import { SimulatedLimits } from './bingx-simulator-limits';
import { DAY_MS } from '@ctn/contracts/time';

/** One UID as the simulated exchange knows it; tests and demo mode set it. */
export interface SimulatedAccount {
  invited: boolean;
  /** Invited by the agent's own code (false: by one of its invitees). */
  directInvitation: boolean;
  /** Registration time, epoch ms. */
  registerTime: number;
  kycDone: boolean;
  deposited: boolean;
  /** Net assets in USDT, a decimal string. */
  balanceUsdt: string;
  traded: boolean;
  /** Daily activity by exchange day (UTC+8), yyyyMMdd. */
  days: Record<string, SimulatedDay>;
  /**
   * The code the UID registered with, answered as inviteAccountList's `InvitationCode`
   * ("invitation code used by the superior"); left out of the row when not set, as a live answer
   * may leave it out.
   */
  invitationCode?: string;
}

/** One exchange day of an account: the figures every row has, and any other row fields. */
export interface SimulatedDay {
  tradingVolume: string;
  commissionVolume: string;
  /** Answered as `extCopyTradingVolume`. */
  copyTradingVolume: string;
  /** Further fields of the v2 row (spotTradingVolume, swapTradingVolume, mt5TradingVolume...). */
  fields?: Record<string, string>;
}

/**
 * One-off answers, in order: `http-429` also starts that endpoint's 429 pause (further calls to it
 * within 5 minutes answer HTTP 418, as BingX bans "for continuing to send requests after
 * receiving 429 codes"); 80012 in both of its documented meanings.
 */
export type InjectedFault =
  | 'http-429'
  | 'code-100410'
  | 'http-500'
  | 'code-100500'
  | 'code-80012-unavailable'
  | 'code-80012-parameter';

/**
 * How the whole simulated exchange behaves until changed: `busy` answers 100500, `banned` 100410
 * with an unblock time (in the text `banText` picks), `ip-banned` HTTP 418, `sparse` leaves
 * figures out of every answer, `short-pages` ends lists early while their total says there is
 * more.
 */
export type SimulatorMode = 'normal' | 'busy' | 'banned' | 'ip-banned' | 'sparse' | 'short-pages';

/** The spot API's server time, which answers like the swap one. */
const SPOT_SERVER_TIME = '/openApi/spot/v1/server/time';

const NOT_INVITED: SimulatedAccount = {
  invited: false,
  directInvitation: true,
  registerTime: Date.UTC(2025, 0, 15),
  kycDone: false,
  deposited: false,
  balanceUsdt: '0',
  traded: false,
  days: {},
};

/**
 * A stand-in for the BingX agent API over HTTP, built from BingX's documentation: the same paths
 * (both commission versions), the same `{code, msg, data}` answers, the same signature check,
 * UIDs as JSON numbers, days counted from midnight UTC+8, `data: null` for a UID the agent has
 * no relation with. Used by tests and demo mode.
 */
export class BingxSimulator {
  private readonly accounts = new Map<string, SimulatedAccount>();
  private readonly faults: InjectedFault[] = [];
  private server: Server | null = null;
  /** Arrival time (ms) and path of every request, for tests of the client's budget. */
  readonly requestTimes: number[] = [];
  readonly requestPaths: string[] = [];
  mode: SimulatorMode = 'normal';
  /** When `banned` ends (epoch ms). */
  bannedUntil = 0;
  /** Which of BingX's two ban texts `banned` answers. */
  banText: 'unblocked-after' | 'retry-after' = 'unblocked-after';
  /** The exchange's clock minus ours: its server time, and the timestamps it accepts. */
  clockOffsetMs = 0;
  /** Per-endpoint limits, 429 pauses and error bans (bingx-simulator-limits.ts). */
  readonly limits = new SimulatedLimits();
  /** Called after each inviteAccountList page is answered (tests register invitees meanwhile). */
  afterInviteePage: ((pageIndex: number) => void) | null = null;
  /** Which commission versions exist, and the date format each one takes. */
  commissionApis: Partial<Record<CommissionApi, DayFormat>> = { v1: 'ms', v2: 'day' };

  /** Where it listens, once `listen` has answered. */
  baseUrl = '';

  constructor(
    readonly apiKey: string,
    readonly apiSecret: string,
  ) {}

  setAccount(uid: string, account: Partial<SimulatedAccount>): void {
    this.accounts.set(uid, { ...(this.accounts.get(uid) ?? NOT_INVITED), ...account });
    this.invitedNewestFirst = null;
  }

  /**
   * Invited accounts as BingX lists them, newest registration first (UIDs descending among equal
   * times), with each UID's position for `lastUid`; kept between calls (a 100k sweep asks 500
   * times).
   */
  private invitedNewestFirst: {
    list: [string, SimulatedAccount][];
    position: Map<string, number>;
  } | null = null;
  private invitedSorted() {
    if (!this.invitedNewestFirst) {
      const list = [...this.accounts]
        .filter(([, a]) => a.invited)
        .map(([uid, a]): [bigint, string, SimulatedAccount] => [BigInt(uid), uid, a])
        .sort(([ua, , a], [ub, , b]) =>
          b.registerTime !== a.registerTime
            ? b.registerTime - a.registerTime
            : ua < ub
              ? 1
              : ua > ub
                ? -1
                : 0,
        )
        .map(([, uid, a]): [string, SimulatedAccount] => [uid, a]);
      this.invitedNewestFirst = { list, position: new Map(list.map(([uid], i) => [uid, i])) };
    }
    return this.invitedNewestFirst;
  }

  /** The next requests fail this way, in order, before answering normally again. */
  injectFaults(...faults: InjectedFault[]): void {
    this.faults.push(...faults);
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    this.baseUrl = `http://${host}:${address.port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname;
    const now = Date.now();
    this.requestTimes.push(now);
    this.requestPaths.push(path);
    // Every answer says how much of the endpoint's window is left, as BingX's headers do.
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const answered = send(res, status, body, { ...this.limits.headers(path, now), ...headers });
      if (isErrorAnswer(status, body)) this.limits.countError(path, now);
      return answered;
    };
    const limited = this.limits.refusal(path, now);
    if (limited) return reply(limited.status, limited.body, limited.headers);
    const fault = this.faults.shift();
    if (fault === 'http-429') {
      this.limits.started429(path, now);
      return reply(429, { code: 429, msg: 'Too Many Requests' });
    }
    if (fault === 'http-500') return reply(500, { code: 500, msg: 'Internal error' });
    if (fault === 'code-100410') return reply(200, { code: 100410, msg: 'rate limited' });
    if (fault === 'code-100500') return reply(200, { code: 100500, msg: 'system busy' });
    if (fault === 'code-80012-unavailable')
      return reply(200, { code: 80012, msg: 'service unavailable' });
    if (fault === 'code-80012-parameter')
      return reply(200, { code: 80012, msg: 'Parameter error' });
    if (this.mode === 'ip-banned') return reply(418, { code: 418, msg: 'IP banned' });
    if (this.mode === 'busy') return reply(200, { code: 100500, msg: 'system busy' });
    if (this.mode === 'banned')
      return reply(200, {
        code: 100410,
        msg:
          this.banText === 'unblocked-after'
            ? `code:100410:The endpoint trigger frequency limit rule is currently in the disabled period and will be unblocked after ${this.bannedUntil}`
            : `over 20 error code:100202 requests within 480000 ms for this api, please verify and fix it ,can retry after time: ${this.bannedUntil}`,
      });

    if (req.method !== 'GET') return reply(405, { code: 100400, msg: 'method not allowed' });
    // Public: no key, no signature.
    if (path === BINGX_PATHS.serverTime || path === SPOT_SERVER_TIME)
      return reply(200, { code: 0, msg: '', data: { serverTime: now + this.clockOffsetMs } });
    if (req.headers['x-bx-apikey'] !== this.apiKey)
      return reply(200, { code: 100413, msg: 'Incorrect apiKey' });
    const raw = url.search.slice(1);
    const at = raw.lastIndexOf('&signature=');
    const signed = at >= 0 ? raw.slice(0, at) : raw;
    const signature = at >= 0 ? raw.slice(at + '&signature='.length) : '';
    const params = new URLSearchParams(signed);
    const timestamp = Number(params.get('timestamp'));
    const recvWindow = Number(params.get('recvWindow') ?? 5000);
    if (
      !Number.isFinite(timestamp) ||
      Math.abs(now + this.clockOffsetMs - timestamp) > Math.max(recvWindow, 1000)
    ) {
      return reply(200, { code: 100421, msg: 'Null timestamp or timestamp mismatch' });
    }
    const expected = Buffer.from(signQuery(signed, this.apiSecret));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return reply(200, { code: 100001, msg: 'Signature verification failed' });
    }

    let answer: [number, unknown] = [404, { code: 100404, msg: 'path not found' }];
    if (path === BINGX_PATHS.inviteRelationCheck) answer = this.inviteRelationCheck(params);
    else if (path === BINGX_PATHS.inviteAccountList) answer = this.inviteAccountList(params);
    for (const version of ['v1', 'v2'] as const) {
      const format = this.commissionApis[version];
      if (path === BINGX_PATHS.commissionDataList[version] && format)
        answer = this.commissionDataList(params, format);
    }
    reply(...answer);
    if (path === BINGX_PATHS.inviteAccountList)
      this.afterInviteePage?.(Number(params.get('pageIndex') ?? 1));
  }

  private inviteRelationCheck(params: URLSearchParams): [number, unknown] {
    const uid = params.get('uid') ?? '';
    // The agent API's own word for what it cannot read (decision 037).
    if (!/^\d{1,19}$/.test(uid)) return [200, { code: 80012, msg: 'Parameter error' }];
    const account = this.accounts.get(uid);
    // BingX answers success with no data for a UID outside the agent's tree.
    if (!account?.invited) return [200, { code: 0, msg: '', data: null }];
    return [
      200,
      {
        code: 0,
        msg: '',
        data: this.thin({
          uid: BigInt(uid),
          existInviter: 'true',
          inviteResult: true,
          directInvitation: account.directInvitation,
          registerDateTime: account.registerTime,
          deposit: account.deposited,
          kycResult: String(account.kycDone),
          balanceVolume: account.balanceUsdt,
          trade: account.traded,
        }),
      },
    ];
  }

  private inviteAccountList(params: URLSearchParams): [number, unknown] {
    const pageIndex = Number(params.get('pageIndex') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 100);
    if (!(pageIndex > 0) || !(pageSize > 0) || pageSize > 200)
      return [200, { code: 100400, msg: 'pageIndex and pageSize must be > 0, <= 200' }];
    const lastUid = params.get('lastUid');
    if (lastUid === null && pageIndex * pageSize > 10_000)
      return [200, { code: 100400, msg: 'more than 10000 records: pass lastUid' }];
    const { list: invited, position } = this.invitedSorted();
    let offset = (pageIndex - 1) * pageSize;
    if (lastUid !== null) {
      // The page after the row of lastUid, in the list's own order.
      const at = position.get(lastUid);
      if (at === undefined) return [200, { code: 80012, msg: 'Parameter error' }];
      offset = at + 1 + (pageIndex - 1) * pageSize;
    }
    const page = this.shorten(invited.slice(offset, offset + pageSize));
    return [
      200,
      {
        code: 0,
        msg: '',
        data: {
          list: page.map(([uid, a]) =>
            this.thin({
              uid: BigInt(uid),
              ownInviteCode: `C${uid.slice(-6)}`,
              ...(a.invitationCode === undefined ? {} : { InvitationCode: a.invitationCode }),
              registerTime: a.registerTime,
              directInvitation: a.directInvitation,
              kycResult: String(a.kycDone),
              deposit: a.deposited,
              balanceVolume: a.balanceUsdt,
              trade: a.traded,
            }),
          ),
          total: invited.length,
          currentAgentUid: 1,
        },
      },
    ];
  }

  private commissionDataList(params: URLSearchParams, format: DayFormat): [number, unknown] {
    const parsed = parseWindow(params.get('startTime'), params.get('endTime'), format);
    if (typeof parsed === 'string') return [200, { code: 100400, msg: parsed }];
    const { start, end } = parsed;
    if ((exchangeDayStart(end) - exchangeDayStart(start)) / DAY_MS > 30)
      return [200, { code: 100400, msg: 'daysRange-over-30' }];
    if ((Date.now() - exchangeDayStart(start)) / DAY_MS > 366)
      return [200, { code: 100400, msg: 'startTime is out of the last 365 days' }];
    const pageIndex = Number(params.get('pageIndex'));
    const pageSize = Number(params.get('pageSize'));
    if (!(pageIndex > 0) || !(pageSize > 0) || pageSize > 100)
      return [200, { code: 100400, msg: 'pageIndex and pageSize must be > 0, pageSize <= 100' }];
    const onlyUid = params.get('uid');
    const rows: Record<string, unknown>[] = [];
    for (const [uid, account] of [...this.accounts].sort(([a], [b]) => a.localeCompare(b))) {
      if (!account.invited || (onlyUid !== null && onlyUid !== uid)) continue;
      for (const [day, activity] of Object.entries(account.days).sort()) {
        if (day < start || day > end) continue;
        rows.push(
          this.thin({
            uid: BigInt(uid),
            commissionTime: exchangeDayStart(day),
            tradingVolume: activity.tradingVolume,
            commissionVolume: activity.commissionVolume,
            extCopyTradingVolume: activity.copyTradingVolume,
            ...activity.fields,
          }),
        );
      }
    }
    const page = this.shorten(rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize));
    return [200, { code: 0, msg: '', data: { list: page, total: rows.length } }];
  }

  /** In `sparse` mode the figures are left out, as a real answer sometimes does. */
  private thin(row: Record<string, unknown>): Record<string, unknown> {
    if (this.mode !== 'sparse') return row;
    const kept = { ...row };
    for (const field of ['balanceVolume', 'trade', 'kycResult', 'deposit', 'extCopyTradingVolume'])
      delete kept[field];
    return kept;
  }

  /** In `short-pages` mode a page holds half of what it should. */
  private shorten<T>(page: T[]): T[] {
    return this.mode === 'short-pages' ? page.slice(0, Math.ceil(page.length / 2)) : page;
  }
}

/** The window's days from the parameters in the format this version takes, or the refusal. */
function parseWindow(
  startTime: string | null,
  endTime: string | null,
  format: DayFormat,
): { start: string; end: string } | string {
  if (format === 'day') {
    if (!/^\d{8}$/.test(startTime ?? '') || !/^\d{8}$/.test(endTime ?? ''))
      return 'startTime and endTime must be dates as yyyyMMdd';
    if (endTime! < startTime!) return 'startTime must not be after endTime';
    return { start: startTime!, end: endTime! };
  }
  if (!/^\d{13}$/.test(startTime ?? '') || !/^\d{13}$/.test(endTime ?? ''))
    return 'startTime and endTime must be timestamps in milliseconds';
  if (Number(endTime) < Number(startTime)) return 'startTime must not be after endTime';
  return {
    start: exchangeDayAt(new Date(Number(startTime))),
    end: exchangeDayAt(new Date(Number(endTime))),
  };
}

/** Writes JSON with bigint values as bare numbers, as BingX writes its long ids. */
function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  const text = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? `__bigint__${value}` : value,
  ).replace(/"__bigint__(-?\d+)"/g, '$1');
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** What BingX counts towards its error ban: any answer that is not a success. */
function isErrorAnswer(status: number, body: unknown): boolean {
  const code = (body as { code?: unknown } | null)?.code;
  return status !== 200 || code !== 0;
}
