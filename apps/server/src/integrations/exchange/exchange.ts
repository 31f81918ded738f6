/**
 * What the platform needs from the exchange (DESIGN.md section 4 "Exchange"): whether a UID was
 * invited through our affiliate link and what it holds, and daily trading and commission data.
 * Implemented by the BingX agent API client; the simulator serves the same HTTP API.
 */

export interface InviteCheck {
  uid: string;
  /** Invited through our affiliate link (directly or indirectly). */
  invited: boolean;
  kycDone: boolean;
  deposited: boolean;
  /** Net assets in USDT as the exchange reports them (a decimal string, never a float). */
  balanceUsdt: string;
  traded: boolean;
}

export interface DailyCommission {
  uid: string;
  /** yyyyMMdd */
  day: string;
  tradingVolume: string;
  commissionVolume: string;
  copyTradingVolume: string;
}

export interface ExchangeGateway {
  checkInvite(uid: string): Promise<InviteCheck>;
  /** Every day's row between the two days (inclusive), optionally for one UID. */
  dailyCommissions(range: { from: Date; to: Date }, uid?: string): Promise<DailyCommission[]>;
}

/** The exchange could not be reached or kept refusing us: nothing should be stored; retry later. */
export class ExchangeUnavailableError extends Error {
  override name = 'ExchangeUnavailableError';
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
