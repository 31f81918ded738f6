import { MIN_EXCHANGE_BALANCE_USDT, MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import {
  ExchangeUnavailableError,
  type ExchangeGateway,
} from '../../integrations/exchange/exchange';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { decimalToMicro } from '../../lib/money';
import type { Logger } from '../../lib/logger';
import * as q from './exchange-link.queries';

const MIN_BALANCE_MICRO = BigInt(MIN_EXCHANGE_BALANCE_USDT * MICRO_USDT_PER_USDT);

/**
 * Linking a BingX UID (DESIGN.md section 4 "Exchange"): invited through our affiliate link, KYC
 * done, deposited with at least 100 USDT; one UID per account, set once. Nothing is stored unless
 * every check passes.
 */
export class ExchangeLinkService {
  constructor(
    private readonly db: Db,
    private readonly exchange: ExchangeGateway,
    private readonly log: Logger,
  ) {}

  async link(userId: string, input: string): Promise<void> {
    const uid = input.trim();
    if (uid === '')
      throw validationError([{ field: 'bingXUID', message: 'Please enter your BingX UID' }]);
    const current = await q.linkedUid(this.db, userId);
    if (current === undefined) throw new AppError('USER_NOT_FOUND');
    if (current !== null) throw new AppError('BINGX_UID_ALREADY_SET');
    // BingX UIDs are numbers; anything else cannot be one of our invitees.
    if (!/^\d{1,20}$/.test(uid)) throw new AppError('BINGX_UID_INELIGIBLE');
    if (await q.uidTakenByOther(this.db, uid, userId))
      throw new AppError('BINGX_UID_ALREADY_EXISTS');

    let check;
    try {
      check = await this.exchange.checkInvite(uid);
    } catch (err) {
      this.log[err instanceof ExchangeUnavailableError ? 'warn' : 'error'](
        { err, uid },
        'BingX invite check failed',
      );
      throw new AppError('EXCHANGE_UNAVAILABLE');
    }
    if (!check.invited) throw new AppError('BINGX_UID_INELIGIBLE');
    if (!check.kycDone) throw new AppError('BINGX_UID_INCOMPLETE_KYC');
    const balance = decimalToMicro(check.balanceUsdt);
    if (!check.deposited || balance === null || balance < MIN_BALANCE_MICRO)
      throw new AppError('BINGX_UID_INSUFFICIENT_DEPOSIT');

    try {
      if (!(await q.setUidOnce(this.db, userId, uid))) throw new AppError('BINGX_UID_ALREADY_SET');
    } catch (err) {
      // Another member linked the same UID between the check above and this update.
      if (isUniqueViolation(err, 'users_bingx_uid_unique'))
        throw new AppError('BINGX_UID_ALREADY_EXISTS');
      throw err;
    }
  }
}
