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
  /** BINGX_COPY_VOLUME_FIELD: the row field that carries copy-trading volume. */
  copyVolumeField?: string;
}

/** The BingX agent API, signed as BingX requires (DESIGN.md section 4 "Exchange"). */
export class BingxClient implements ExchangeGateway {
  readonly transport: BingxTransport;
  readonly commissionApi: CommissionApi;
  private readonly copyVolumeField: string;
  /** The date format the commission API took; null until a call has told us. */
  dateFormat: DayFormat | null = null;

  constructor(options: BingxClientOptions) {
    this.transport = new BingxTransport(options);
    this.commissionApi = options.commissionApi ?? 'v2';
    this.copyVolumeField = options.copyVolumeField ?? 'extCopyTradingVolume';
  }

  /** `data: null` is the exchange saying it has no relation with this UID: not invited. */
  async checkInvite(uid: string, lane: ExchangeLane = 'members'): Promise<InviteeFacts> {
    const data = await this.transport.get(BINGX_PATHS.inviteRelationCheck, { uid }, lane);
    if (data === null) return { ...UNKNOWN_FACTS, uid, invited: false };
    if (!isRecord(data)) return { ...UNKNOWN_FACTS, uid };
    return factsOf(uid, data, flagOf(data['inviteResult']));
  }

  async listInvitees(): Promise<InviteeList> {
    const invitees = new Map<string, InviteeFacts>();
    let lastUid: string | null = null;
    for (let pageIndex = 1; ; pageIndex++) {
      const params: BingxParams = { pageSize: INVITEE_PAGE_SIZE };
      if (lastUid !== null && pageIndex * INVITEE_PAGE_SIZE > PAGE_INDEX_LIMIT) {
        params['pageIndex'] = 1;
        params['lastUid'] = lastUid;
      } else {
        params['pageIndex'] = pageIndex;
      }
      const data = await this.transport.get(BINGX_PATHS.inviteAccountList, params, 'jobs');
      const list = isRecord(data) && Array.isArray(data['list']) ? data['list'] : null;
      const total = isRecord(data) ? countOf(data['total']) : null;
      if (list === null || total === null) return { invitees, complete: false };
      let added = 0;
      for (const item of list) {
        if (!isRecord(item)) continue;
        const uid = uidOf(item['uid']);
        if (uid === null) continue;
        if (!invitees.has(uid)) added += 1;
        // Listed means invited, whatever else the row leaves out.
        invitees.set(uid, factsOf(uid, item, true));
        lastUid = uid;
      }
      if (invitees.size >= total) return { invitees, complete: invitees.size === total };
      // A short or repeating page before the total: the rest cannot be read this way.
      if (list.length < INVITEE_PAGE_SIZE || added === 0) return { invitees, complete: false };
    }
  }

  async dailyCommissions(
    range: { from: Date; to: Date },
    uid?: string,
  ): Promise<DailyCommission[]> {
    const rows: DailyCommission[] = [];
    for (const window of windowsOf(range.from, range.to)) {
      let collected = 0;
      for (let pageIndex = 1; ; pageIndex++) {
        const data = await this.commissionPage(window, pageIndex, uid);
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
        const data = await this.transport.get(path, params, 'jobs');
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
      copyTradingVolume: decimalOf(item[this.copyVolumeField]),
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
  return {
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

/** A decimal as a string ("250.75"); a missing or unreadable value is unknown, not "0". */
function decimalOf(value: unknown): string | null {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  return text !== null && /^-?\d+(\.\d+)?$/.test(text) ? text : null;
}

/** UIDs arrive as JSON numbers beyond 2^53 (kept exact by parseJsonExact) or as strings. */
function uidOf(value: unknown): string | null {
  const text = typeof value === 'bigint' || typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,20}$/.test(text) ? text : null;
}

function countOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
