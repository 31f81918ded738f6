/**
 * What the platform needs from the exchange (DESIGN.md section 4 "Exchange"): whether a UID was
 * invited through our affiliate link and what it holds, and daily trading and commission data.
 * Implemented by the BingX agent API client; the simulator serves the same HTTP API.
 *
 * Every figure is known or unknown: `null` means the exchange did not give it or gave something
 * unreadable, and never stands for zero or false (decision 017).
 */

export interface InviteeFacts {
  uid: string;
  /** Invited through our affiliate link, directly or not (false: the exchange has no relation). */
  invited: boolean | null;
  /** Invited by our own code rather than by one of our invitees. */
  directInvitation: boolean | null;
  registeredAt: Date | null;
  kycDone: boolean | null;
  deposited: boolean | null;
  /** Net assets in USDT as a decimal string, never a float. */
  balanceUsdt: string | null;
  traded: boolean | null;
  /**
   * The invitation code BingX names for the UID's inviter (`InvitationCode`, "invitation code
   * used by the superior", in inviteAccountList only). Absent when BingX named none: unknown,
   * never "no code" (decision 043).
   */
  invitationCode?: string;
}

export interface DailyCommission {
  uid: string;
  /** The exchange day (UTC+8), yyyyMMdd. */
  day: string;
  tradingVolume: string | null;
  commissionVolume: string | null;
  /** The sum of the configured copy volume fields (BINGX_COPY_VOLUME_FIELDS); null if one is missing. */
  copyTradingVolume: string | null;
  /** Every numeric `...Volume` field of the row (which one moves for copiers is for an operator to see). */
  volumes: Record<string, string>;
}

export interface InviteeList {
  invitees: Map<string, InviteeFacts>;
  /** The pages added up to the total the exchange announced. */
  complete: boolean;
}

/** Which lane of the request budget a call takes: the jobs never wait behind members. */
export type ExchangeLane = 'jobs' | 'members';

export interface ExchangeGateway {
  checkInvite(uid: string, lane?: ExchangeLane): Promise<InviteeFacts>;
  /** Every invitee of the agent account, paged through (the daily sweep). */
  listInvitees(): Promise<InviteeList>;
  /**
   * Every day's row between the two days (inclusive), optionally for one UID. Throws
   * ExchangeIncompleteError when the pages do not add up to the announced total.
   */
  dailyCommissions(
    range: { from: Date; to: Date },
    uid?: string,
    lane?: ExchangeLane,
  ): Promise<DailyCommission[]>;
}

/** The exchange could not be reached or kept refusing us: nothing should be stored; retry later. */
export class ExchangeUnavailableError extends Error {
  override name = 'ExchangeUnavailableError';
}

/** A listing whose pages did not add up: what it holds is not the whole answer. */
export class ExchangeIncompleteError extends ExchangeUnavailableError {
  override name = 'ExchangeIncompleteError';
}

/** The exchange answered with an error that retrying will not fix (bad key, IP not allowed…). */
export class ExchangeRequestError extends Error {
  override name = 'ExchangeRequestError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`BingX error ${code}: ${message}`);
  }
}

/**
 * BingX refused what we sent (80012 "parameter error", 100400, or a UID that cannot be one,
 * refused before sending): a bug on our side, never retried (decision 037).
 */
export class ExchangeParameterError extends ExchangeRequestError {
  override name = 'ExchangeParameterError';
}
