import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { BINGX_PATHS } from './bingx-client';
import { signQuery } from './bingx-signing';

/** One UID as the simulated exchange knows it; tests and demo mode set it. */
export interface SimulatedAccount {
  invited: boolean;
  kycDone: boolean;
  deposited: boolean;
  /** Net assets in USDT, a decimal string. */
  balanceUsdt: string;
  traded: boolean;
  /** Daily activity by yyyyMMdd. */
  days: Record<
    string,
    { tradingVolume: string; commissionVolume: string; copyTradingVolume: string }
  >;
}

export type InjectedFault = 'http-429' | 'code-100410' | 'http-500';

const NOT_INVITED: SimulatedAccount = {
  invited: false,
  kycDone: false,
  deposited: false,
  balanceUsdt: '0',
  traded: false,
  days: {},
};

/**
 * A stand-in for the BingX agent API over HTTP: the same paths, the same `{code, msg, data}`
 * answers, the same signature check, UIDs sent as JSON numbers. Used by tests and demo mode.
 */
export class BingxSimulator {
  private readonly accounts = new Map<string, SimulatedAccount>();
  private readonly faults: InjectedFault[] = [];
  private server: Server | null = null;
  /** Arrival time (ms) of every request, for tests of the client's rate budget. */
  readonly requestTimes: number[] = [];

  constructor(
    readonly apiKey: string,
    private readonly apiSecret: string,
  ) {}

  setAccount(uid: string, account: Partial<SimulatedAccount>): void {
    this.accounts.set(uid, { ...(this.accounts.get(uid) ?? NOT_INVITED), ...account });
  }

  /** The next requests fail this way, in order, before answering normally again. */
  injectFaults(...faults: InjectedFault[]): void {
    this.faults.push(...faults);
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    return `http://${host}:${address.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requestTimes.push(Date.now());
    const fault = this.faults.shift();
    if (fault === 'http-429') return send(res, 429, { code: 429, msg: 'Too Many Requests' });
    if (fault === 'http-500') return send(res, 500, { code: 500, msg: 'Internal error' });
    if (fault === 'code-100410') return send(res, 200, { code: 100410, msg: 'rate limited' });

    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method !== 'GET') return send(res, 405, { code: 100400, msg: 'method not allowed' });
    if (req.headers['x-bx-apikey'] !== this.apiKey)
      return send(res, 200, { code: 100413, msg: 'Incorrect apiKey' });

    const raw = url.search.slice(1);
    const at = raw.lastIndexOf('&signature=');
    const signed = at >= 0 ? raw.slice(0, at) : raw;
    const signature = at >= 0 ? raw.slice(at + '&signature='.length) : '';
    const params = new URLSearchParams(signed);
    const timestamp = Number(params.get('timestamp'));
    const recvWindow = Number(params.get('recvWindow') ?? 5000);
    if (
      !Number.isFinite(timestamp) ||
      Math.abs(Date.now() - timestamp) > Math.max(recvWindow, 1000)
    ) {
      return send(res, 200, { code: 100421, msg: 'Null timestamp or timestamp mismatch' });
    }
    const expected = Buffer.from(signQuery(signed, this.apiSecret));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return send(res, 200, { code: 100001, msg: 'Signature verification failed' });
    }

    if (url.pathname === BINGX_PATHS.inviteRelationCheck)
      return this.inviteRelationCheck(res, params);
    if (url.pathname === BINGX_PATHS.commissionDataList)
      return this.commissionDataList(res, params);
    return send(res, 404, { code: 100404, msg: 'path not found' });
  }

  private inviteRelationCheck(res: ServerResponse, params: URLSearchParams): void {
    const uid = params.get('uid') ?? '';
    if (!/^\d{1,20}$/.test(uid)) return send(res, 200, { code: 100400, msg: 'uid is invalid' });
    const account = this.accounts.get(uid) ?? NOT_INVITED;
    send(res, 200, {
      code: 0,
      msg: '',
      data: {
        uid: BigInt(uid),
        existInviter: String(account.invited),
        inviteResult: account.invited,
        directInvitation: account.invited,
        deposit: account.deposited,
        kycResult: String(account.kycDone),
        balanceVolume: account.balanceUsdt,
        trade: account.traded,
      },
    });
  }

  private commissionDataList(res: ServerResponse, params: URLSearchParams): void {
    const start = params.get('startTime') ?? '';
    const end = params.get('endTime') ?? '';
    const pageIndex = Number(params.get('pageIndex'));
    const pageSize = Number(params.get('pageSize'));
    if (!/^\d{8}$/.test(start) || !/^\d{8}$/.test(end) || end < start) {
      return send(res, 200, {
        code: 100400,
        msg: 'startTime and endTime must be yyyyMMdd, startTime <= endTime',
      });
    }
    if (daysBetween(start, end) > 30)
      return send(res, 200, { code: 100400, msg: 'daysRange-over-30' });
    if (!(pageIndex > 0) || !(pageSize > 0) || pageSize > 100) {
      return send(res, 200, {
        code: 100400,
        msg: 'pageIndex and pageSize must be > 0, pageSize <= 100',
      });
    }
    const onlyUid = params.get('uid');
    const rows: Record<string, unknown>[] = [];
    for (const [uid, account] of [...this.accounts].sort(([a], [b]) => a.localeCompare(b))) {
      if (!account.invited || (onlyUid !== null && onlyUid !== uid)) continue;
      for (const [day, activity] of Object.entries(account.days).sort()) {
        if (day < start || day > end) continue;
        rows.push({
          uid: BigInt(uid),
          commissionTime: Date.UTC(+day.slice(0, 4), +day.slice(4, 6) - 1, +day.slice(6, 8)),
          tradingVolume: activity.tradingVolume,
          commissionVolume: activity.commissionVolume,
          extCopyTradingVolume: activity.copyTradingVolume,
        });
      }
    }
    const page = rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
    send(res, 200, { code: 0, msg: '', data: { list: page, total: rows.length } });
  }
}

function daysBetween(start: string, end: string): number {
  const toMs = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8));
  return (toMs(end) - toMs(start)) / 86_400_000;
}

/** Writes JSON with bigint values as bare numbers, as BingX writes its long ids. */
function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? `__bigint__${value}` : value,
  ).replace(/"__bigint__(-?\d+)"/g, '$1');
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}
