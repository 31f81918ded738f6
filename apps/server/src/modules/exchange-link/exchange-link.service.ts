import { BINGX_UID_MESSAGE, isBingxUid } from '@ctn/contracts/validation';
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

/**
 * Every request that names a UID (check, link, claim) takes one turn of the same budget before
 * anything is read or answered, so no answer, not even a refusal, comes faster than the budget
 * allows (decision 040). The turn is reserved atomically: parallel probes cannot all pass.
 */
export async function takeUidProbeTurn(
  limiter: RateLimiter,
  userId: string,
  ip: string,
): Promise<void> {
  await takeTurn(limiter, `bingx-link:member:${userId}`, LINK_RATE_RULES.perMember);
  await takeTurn(limiter, `bingx-link:ip:${addressKey(ip)}`, LINK_RATE_RULES.perAddress);
}

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
    await takeUidProbeTurn(limiter, userId, ip);
    const member = await this.paidMember(userId);
    if (member.bingxUid !== null) throw new AppError('BINGX_UID_ALREADY_SET');
    await recordUidAttempt(db, { userId, uid, ip });
    // BingX UIDs are numbers; anything else cannot be one of our invitees.
    if (!isBingxUid(uid)) throw new AppError('BINGX_UID_INELIGIBLE');
    if (await q.uidTakenByOther(db, uid, userId)) throw new AppError('BINGX_UID_ALREADY_EXISTS');

    const check = await this.read(uid);
    await this.refuseIneligible(check);
    try {
      await db.transaction(async (tx) => {
        if (!(await q.setUidOnce(tx, userId, uid, check)))
          throw new AppError('BINGX_UID_ALREADY_SET');
        await flagLinkForReview(tx, {
          userId,
          uid,
          registeredAt: check.registeredAt,
          invitationCode: check.invitationCode ?? null,
        });
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

  /** Linking and the check are step 2 of onboarding: a paid subscription first (decision 017). */
  private async paidMember(userId: string) {
    const member = await q.linkState(this.deps.db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    if (!member.paidUntil || member.paidUntil <= new Date())
      throw new AppError('SUBSCRIPTION_REQUIRED_TO_LINK');
    return member;
  }

  /**
   * POST /bingx-uid/check: the criteria of linking, answered one by one instead of refused at
   * the first, and nothing stored. Only what the owner of the UID needs to fix their account
   * (decision 040): met, missing or unknown per criterion; never the balance (a missing deposit
   * reads "below 100 USDT") and never whether another member holds the UID (`takenByOther` is
   * always false; linking answers the spec's BINGX_UID_ALREADY_EXISTS under the same turns).
   */
  async check(userId: string, input: string, ip: string): Promise<UidCheck> {
    const uid = input.trim();
    if (!isBingxUid(uid))
      throw validationError([{ field: 'bingXUID', message: BINGX_UID_MESSAGE }]);
    await takeUidProbeTurn(this.deps.limiter, userId, ip);
    await recordUidAttempt(this.deps.db, { userId, uid, ip });
    await this.paidMember(userId);
    const criteria = await this.criteriaOf(await this.read(uid));
    const eligible = criteria.some((c) => c.ok === false)
      ? false
      : criteria.some((c) => c.ok === null)
        ? null
        : true;
    return {
      uid,
      eligible,
      takenByOther: false,
      criteria: criteria.map(({ key, ok }) => ({ key, ok, figure: null })),
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
        refusal: 'BINGX_UID_INELIGIBLE' as const,
        missing: 'inviteResult',
      },
      {
        key: 'KYC' as const,
        ok: check.kycDone,
        refusal: 'BINGX_UID_INCOMPLETE_KYC' as const,
        missing: 'kycResult',
      },
      {
        key: 'DEPOSIT' as const,
        ok:
          check.deposited === null || check.balanceUsdt === null
            ? null
            : check.deposited && balance !== null && balance >= MIN_BALANCE_MICRO,
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
