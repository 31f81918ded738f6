import { isBingxUid } from '@ctn/contracts/validation';
import type { BingxParams } from './bingx-signing';
import { dayOfCommissionTime, windowParams, windowsOf, type DayFormat } from './bingx-days';
import { BingxTransport, type BingxTransportOptions } from './bingx-transport';
import {
  ExchangeIncompleteError,
  ExchangeRequestError,
  type DailyCommission,
  type ExchangeGateway,
  type ExchangeLane,
  type InviteeFacts,
  type InviteeList,
} from './exchange';

export type CommissionApi = 'v1' | 'v2';

export const BINGX_PATHS = {
  inviteRelationCheck: '/openApi/agent/v1/account/inviteRelationCheck',
  inviteAccountList: '/openApi/agent/v1/account/inviteAccountList',
  commissionDataList: {
    v1: '/openApi/agent/v1/reward/commissionDataList',
    v2: '/openApi/agent/v2/reward/commissionDataList',
  },
  /** Not signed: `{code: 0, data: {serverTime}}` (the swap API's; the spot one answers alike). */
  serverTime: '/openApi/swap/v2/server/time',
  /** The key's permissions, where BingX exposes them (not part of the agent API). */
  apiPermissions: '/openApi/v1/account/apiPermissions',
} as const;

const COMMISSION_PAGE_SIZE = 100;
const INVITEE_PAGE_SIZE = 200;
/** Past this many records inviteAccountList pages by `lastUid` instead of `pageIndex`. */
const PAGE_INDEX_LIMIT = 10_000;
/** The date format each commission version is first tried with (then the other, once). */
const FIRST_FORMAT: Record<CommissionApi, DayFormat> = { v2: 'day', v1: 'ms' };

export interface BingxClientOptions extends BingxTransportOptions {
  /** BINGX_COMMISSION_API: which commissionDataList to call. */
  commissionApi?: CommissionApi;
  /** BINGX_COPY_VOLUME_FIELDS: the row fields whose sum proves copy trading. */
  copyVolumeFields?: readonly string[];
}

/** The BingX agent API, signed as BingX requires (DESIGN.md section 4 "Exchange"). */
export class BingxClient implements ExchangeGateway {
  readonly transport: BingxTransport;
  readonly commissionApi: CommissionApi;
  readonly copyVolumeFields: readonly string[];
  /** The date format the commission API took; null until a call has told us. */
  dateFormat: DayFormat | null = null;

  constructor(options: BingxClientOptions) {
    this.transport = new BingxTransport(options);
    this.commissionApi = options.commissionApi ?? 'v2';
    this.copyVolumeFields = options.copyVolumeFields ?? ['extCopyTradingVolume'];
  }

  /** `data: null` is the exchange saying it has no relation with this UID: not invited. */
  async checkInvite(uid: string, lane: ExchangeLane = 'members'): Promise<InviteeFacts> {
    const data = await this.transport.get(BINGX_PATHS.inviteRelationCheck, { uid }, lane);
    if (data === null) return { ...UNKNOWN_FACTS, uid, invited: false };
    if (!isRecord(data)) return { ...UNKNOWN_FACTS, uid };
    return factsOf(uid, data, flagOf(data['inviteResult']));
  }

  /**
   * Every invitee, paged through. BingX lists them newest registration first, so an invitee who
   * registers during the sweep pushes the list down by one: later pages repeat a row (kept once)
   * and the newcomer sits on page 1, already read. When the pages end short of the latest total,
   * the first pages are read again until one brings nobody new (the newcomers are at the top).
   */
  async listInvitees(): Promise<InviteeList> {
    const invitees = new Map<string, InviteeFacts>();
    let lastUid: string | null = null;
    let total: number;
    for (let pageIndex = 1; ; pageIndex++) {
      const params: BingxParams = { pageSize: INVITEE_PAGE_SIZE };
      if (lastUid !== null && pageIndex * INVITEE_PAGE_SIZE > PAGE_INDEX_LIMIT) {
        params['pageIndex'] = 1;
        params['lastUid'] = lastUid;
      } else {
        params['pageIndex'] = pageIndex;
      }
      const page = await this.inviteePage(params, invitees);
      if (page === null) return { invitees, complete: false };
      total = page.total;
      lastUid = page.lastUid ?? lastUid;
      if (invitees.size >= total) return { invitees, complete: invitees.size === total };
      // The end of the list, or a page that repeats itself: stop paging forward.
      if (page.rows < INVITEE_PAGE_SIZE || page.added === 0) break;
    }
    for (
      let pageIndex = 1;
      invitees.size < total && pageIndex * INVITEE_PAGE_SIZE <= PAGE_INDEX_LIMIT;
      pageIndex++
    ) {
      const page = await this.inviteePage({ pageSize: INVITEE_PAGE_SIZE, pageIndex }, invitees);
      if (page === null) return { invitees, complete: false };
      total = page.total;
      if (page.added === 0 || page.rows < INVITEE_PAGE_SIZE) break;
    }
    return { invitees, complete: invitees.size === total };
  }

  /** One page of inviteAccountList into `invitees`; null when the answer has no list or total. */
  private async inviteePage(
    params: BingxParams,
    invitees: Map<string, InviteeFacts>,
  ): Promise<{ total: number; rows: number; added: number; lastUid: string | null } | null> {
    const data = await this.transport.get(BINGX_PATHS.inviteAccountList, params, 'jobs');
    const list = isRecord(data) && Array.isArray(data['list']) ? data['list'] : null;
    const total = isRecord(data) ? countOf(data['total']) : null;
    if (list === null || total === null) return null;
    let added = 0;
    let lastUid: string | null = null;
    for (const item of list) {
      if (!isRecord(item)) continue;
      const uid = uidOf(item['uid']);
      if (uid === null) continue;
      if (!invitees.has(uid)) added += 1;
      // Listed means invited, whatever else the row leaves out.
      invitees.set(uid, factsOf(uid, item, true));
      lastUid = uid;
    }
    return { total, rows: list.length, added, lastUid };
  }

  async dailyCommissions(
    range: { from: Date; to: Date },
    uid?: string,
    lane: ExchangeLane = 'jobs',
  ): Promise<DailyCommission[]> {
    const rows: DailyCommission[] = [];
    for (const window of windowsOf(range.from, range.to)) {
      let collected = 0;
      for (let pageIndex = 1; ; pageIndex++) {
        const data = await this.commissionPage(window, pageIndex, uid, lane);
        const list = isRecord(data) && Array.isArray(data['list']) ? data['list'] : null;
        const total = isRecord(data) ? countOf(data['total']) : null;
        if (list === null || total === null)
          throw new ExchangeIncompleteError('commissionDataList answered without list or total');
        for (const item of list) {
          const row = isRecord(item) ? this.commissionOf(item) : null;
          if (!row) throw new ExchangeIncompleteError('commissionDataList row without uid or day');
          rows.push(row);
        }
        collected += list.length;
        if (collected >= total) break;
        if (list.length < COMMISSION_PAGE_SIZE)
          throw new ExchangeIncompleteError(
            `commissionDataList stopped at ${collected} of ${total} rows`,
          );
      }
    }
    return rows;
  }

  /**
   * One page of the commission list in the date format that works: the first one tried for the
   * version, and on a parameter error the other one, once; the one that answered is remembered.
   */
  private async commissionPage(
    window: { start: string; end: string },
    pageIndex: number,
    uid: string | undefined,
    lane: ExchangeLane,
  ): Promise<unknown> {
    const path = BINGX_PATHS.commissionDataList[this.commissionApi];
    const formats: DayFormat[] = this.dateFormat
      ? [this.dateFormat]
      : [
          FIRST_FORMAT[this.commissionApi],
          FIRST_FORMAT[this.commissionApi] === 'day' ? 'ms' : 'day',
        ];
    for (const [i, format] of formats.entries()) {
      const params: BingxParams = {
        ...windowParams(window, format),
        pageIndex,
        pageSize: COMMISSION_PAGE_SIZE,
      };
      if (uid !== undefined) params['uid'] = uid;
      try {
        const data = await this.transport.get(path, params, lane);
        this.dateFormat = format;
        return data;
      } catch (err) {
        const lastTry = i === formats.length - 1;
        if (lastTry || !(err instanceof ExchangeRequestError) || !isTimeParameterError(err))
          throw err;
      }
    }
    throw new Error('unreachable');
  }

  private commissionOf(item: Record<string, unknown>): DailyCommission | null {
    const uid = uidOf(item['uid']);
    const day = dayOfCommissionTime(item['commissionTime']);
    if (uid === null || day === null) return null;
    return {
      uid,
      day,
      tradingVolume: decimalOf(item['tradingVolume']),
      commissionVolume: decimalOf(item['commissionVolume']),
      copyTradingVolume: sumOfDecimals(this.copyVolumeFields.map((f) => decimalOf(item[f]))),
      volumes: volumesOf(item),
    };
  }
}

const UNKNOWN_FACTS: Omit<InviteeFacts, 'uid'> = {
  invited: null,
  directInvitation: null,
  registeredAt: null,
  kycDone: null,
  deposited: null,
  balanceUsdt: null,
  traded: null,
};

/** A parameter error about the time window: the other date format may be the right one. */
function isTimeParameterError(err: ExchangeRequestError): boolean {
  return /time|date|param/i.test(err.message) && err.code !== 100001 && err.code !== 100413;
}

/** inviteRelationCheck names the registration time registerDateTime, the list registerTime. */
function factsOf(
  uid: string,
  data: Record<string, unknown>,
  invited: boolean | null,
): InviteeFacts {
  const registered = data['registerTime'] ?? data['registerDateTime'];
  const ms = typeof registered === 'number' ? registered : Number(registered);
  const code = data['InvitationCode'];
  return {
    ...(typeof code === 'string' && code.trim() !== '' ? { invitationCode: code.trim() } : {}),
    uid,
    invited,
    directInvitation: flagOf(data['directInvitation']),
    registeredAt: Number.isSafeInteger(ms) && ms > 0 ? new Date(ms) : null,
    kycDone: flagOf(data['kycResult']),
    deposited: flagOf(data['deposit']),
    balanceUsdt: decimalOf(data['balanceVolume']),
    traded: flagOf(data['trade']),
  };
}

/** true/false or "true"/"false" (kycResult is documented as a string); anything else unknown. */
function flagOf(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** Every numeric `...Volume` field of a commission row, as BingX wrote it. */
function volumesOf(item: Record<string, unknown>): Record<string, string> {
  const volumes: Record<string, string> = {};
  for (const [field, value] of Object.entries(item)) {
    const decimal = /Volume$/.test(field) ? decimalOf(value) : null;
    if (decimal !== null) volumes[field] = decimal;
  }
  return volumes;
}

/**
 * The copying evidence of each UID over the rows given: the sum of its rows' configured copy
 * volume fields (BINGX_COPY_VOLUME_FIELDS), or null when any of its rows left one out (unknown is
 * not zero). A UID without rows is absent: the exchange reported no activity for it.
 */
export function copyVolumeByUid(rows: readonly DailyCommission[]): Map<string, string | null> {
  const sums = new Map<string, string | null>();
  for (const row of rows) {
    const before = sums.has(row.uid) ? sums.get(row.uid)! : '0';
    sums.set(row.uid, before === null ? null : sumOfDecimals([before, row.copyTradingVolume]));
  }
  return sums;
}

/** The exact sum of decimal strings; null when any is unknown. */
export function sumOfDecimals(values: readonly (string | null)[]): string | null {
  if (values.some((v) => v === null)) return null;
  const scale = Math.max(0, ...values.map((v) => (v!.split('.')[1] ?? '').length));
  let total = 0n;
  for (const v of values as string[]) {
    const [whole, fraction = ''] = v.replace('-', '').split('.');
    const units = BigInt(whole! + fraction.padEnd(scale, '0'));
    total += v.startsWith('-') ? -units : units;
  }
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return sign + digits.slice(0, -scale) + (fraction ? `.${fraction}` : '');
}

/** A decimal as a string ("250.75"); a missing or unreadable value is unknown, not "0". */
function decimalOf(value: unknown): string | null {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  return text !== null && /^-?\d+(\.\d+)?$/.test(text) ? text : null;
}

/** UIDs arrive as JSON numbers beyond 2^53 (kept exact by parseJsonExact) or as strings. */
function uidOf(value: unknown): string | null {
  const text = typeof value === 'bigint' || typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && isBingxUid(text) ? text : null;
}

function countOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
