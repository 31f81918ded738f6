import { MIN_EXCHANGE_BALANCE_USDT, MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';
import type { UidCheck } from '@ctn/contracts/onboarding';
import type { Db } from '../../db/client';
import {
  ExchangeUnavailableError,
  type ExchangeGateway,
  type InviteeFacts,
} from '../../integrations/exchange/exchange';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { decimalToMicro } from '../../lib/money';
import type { Logger } from '../../lib/logger';
import { takeTurn, type RateLimiter } from '../../lib/rate-limiter';
import { addressKey } from '../auth/login-throttle';
import type { SettingsService } from '../settings/settings.service';
import * as q from './exchange-link.queries';
import { recordUidAttempt } from './uid-attempts.queries';
import { flagLinkForReview } from './uid-review.queries';
import { HOUR_MS } from '@ctn/contracts/time';

const MIN_BALANCE_MICRO = BigInt(MIN_EXCHANGE_BALANCE_USDT * MICRO_USDT_PER_USDT);
/** Link attempts: each one is an exchange call, and guessing UIDs must stay slow. */
export const LINK_RATE_RULES = {
  perMember: { limit: 5, windowMs: HOUR_MS },
  perAddress: { limit: 20, windowMs: HOUR_MS },
};

export interface ExchangeLinkDeps {
  db: Db;
  exchange: ExchangeGateway;
  limiter: RateLimiter;
  settings: SettingsService;
  log: Logger;
}

/**
 * Linking a BingX UID (DESIGN.md section 4 "Exchange"): step 2 of onboarding, so only with a paid
 * subscription; invited through our affiliate link (indirectly too when the setting allows), KYC
 * done, deposited with at least 100 USDT; one UID per account, set once. Nothing is stored
 * unless every check passes on figures the exchange actually gave: an unknown is never a yes.
 */
export class ExchangeLinkService {
  constructor(private readonly deps: ExchangeLinkDeps) {}

  async link(userId: string, input: string, ip: string): Promise<void> {
    const { db, limiter } = this.deps;
    const uid = input.trim();
    if (uid === '')
      throw validationError([{ field: 'bingXUID', message: 'Please enter your BingX UID' }]);
    const member = await q.linkState(db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    if (member.bingxUid !== null) throw new AppError('BINGX_UID_ALREADY_SET');
    if (!member.paidUntil || member.paidUntil <= new Date())
      throw new AppError('SUBSCRIPTION_REQUIRED_TO_LINK');
    await takeTurn(limiter, `bingx-link:member:${userId}`, LINK_RATE_RULES.perMember);
    await takeTurn(limiter, `bingx-link:ip:${addressKey(ip)}`, LINK_RATE_RULES.perAddress);
    await recordUidAttempt(db, { userId, uid, ip });
    // BingX UIDs are numbers; anything else cannot be one of our invitees.
    if (!/^\d{1,20}$/.test(uid)) throw new AppError('BINGX_UID_INELIGIBLE');
    if (await q.uidTakenByOther(db, uid, userId)) throw new AppError('BINGX_UID_ALREADY_EXISTS');

    const check = await this.read(uid);
    await this.refuseIneligible(check);
    try {
      await db.transaction(async (tx) => {
        if (!(await q.setUidOnce(tx, userId, uid, check)))
          throw new AppError('BINGX_UID_ALREADY_SET');
        await flagLinkForReview(tx, { userId, uid, registeredAt: check.registeredAt });
      });
    } catch (err) {
      // Another member linked the same UID between the check above and this update.
      if (isUniqueViolation(err, 'users_bingx_uid_unique'))
        throw new AppError('BINGX_UID_ALREADY_EXISTS');
      throw err;
    }
  }

  private async read(uid: string): Promise<InviteeFacts> {
    try {
      return await this.deps.exchange.checkInvite(uid, 'members');
    } catch (err) {
      this.deps.log[err instanceof ExchangeUnavailableError ? 'warn' : 'error'](
        { err, uid },
        'BingX invite check failed',
      );
      throw new AppError('EXCHANGE_UNAVAILABLE');
    }
  }

  /**
   * POST /bingx-uid/check: the same checks as linking, answered one by one instead of refused
   * at the first, and nothing stored; before paying too. Throttled with linking (the same
   * turns): it reveals an account's state.
   */
  async check(userId: string, input: string, ip: string): Promise<UidCheck> {
    const { db, limiter } = this.deps;
    const uid = input.trim();
    if (!/^\d{1,20}$/.test(uid))
      throw validationError([{ field: 'bingXUID', message: 'A BingX UID is a number' }]);
    await takeTurn(limiter, `bingx-link:member:${userId}`, LINK_RATE_RULES.perMember);
    await takeTurn(limiter, `bingx-link:ip:${addressKey(ip)}`, LINK_RATE_RULES.perAddress);
    await recordUidAttempt(db, { userId, uid, ip });
    const [takenByOther, facts] = await Promise.all([
      q.uidTakenByOther(db, uid, userId),
      this.read(uid),
    ]);
    const criteria = await this.criteriaOf(facts);
    const eligible = criteria.some((c) => c.ok === false)
      ? false
      : criteria.some((c) => c.ok === null)
        ? null
        : !takenByOther;
    return {
      uid,
      eligible: takenByOther ? false : eligible,
      takenByOther,
      criteria: criteria.map(({ key, ok, figure }) => ({ key, ok, figure })),
    };
  }

  /**
   * Each rule of linking (DESIGN.md section 4), in the order linking applies them: invited
   * through our link (indirectly when the setting allows), KYC done, deposited with at least
   * 100 USDT. `ok` is null when BingX left the figure out: unknown is never a yes.
   */
  private async criteriaOf(check: InviteeFacts) {
    const indirectAllowed =
      check.directInvitation === false
        ? (await this.deps.settings.system()).indirectInvitationsEligible
        : true;
    const balance = check.balanceUsdt === null ? null : decimalToMicro(check.balanceUsdt);
    return [
      {
        key: 'INVITED' as const,
        ok: check.invited === null ? null : check.invited && indirectAllowed,
        figure: null,
        refusal: 'BINGX_UID_INELIGIBLE' as const,
        missing: 'inviteResult',
      },
      {
        key: 'KYC' as const,
        ok: check.kycDone,
        figure: null,
        refusal: 'BINGX_UID_INCOMPLETE_KYC' as const,
        missing: 'kycResult',
      },
      {
        key: 'DEPOSIT' as const,
        ok:
          check.deposited === null || check.balanceUsdt === null
            ? null
            : check.deposited && balance !== null && balance >= MIN_BALANCE_MICRO,
        figure: check.balanceUsdt,
        refusal: 'BINGX_UID_INSUFFICIENT_DEPOSIT' as const,
        missing: 'deposit or balanceVolume',
      },
    ];
  }

  /** Linking stops at the first rule not met, or not known (nothing is stored then). */
  private async refuseIneligible(check: InviteeFacts): Promise<void> {
    for (const criterion of await this.criteriaOf(check)) {
      if (criterion.ok === false) throw new AppError(criterion.refusal);
      if (criterion.ok === null) {
        this.deps.log.warn(
          { uid: check.uid, missing: criterion.missing },
          'BingX answer without a figure',
        );
        throw new AppError('EXCHANGE_UNAVAILABLE');
      }
    }
  }
}
