import { HOUR_MS, MINUTE_MS } from '@ctn/contracts/time';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter';
import { hashToken, newLinkToken } from '../../lib/secure-token';
import type { MailService } from '../mail/mail.service';
import type { SecondFactorUse, TwoFactorService } from '../two-factor/two-factor.service';
import type { AccountSecurityService, RequestOrigin } from './account-security.service';
import * as q from './auth.queries';
import * as g from './sign-in-guard.queries';
import { passwordKnownMail, signInPausedMail, UNLOCK_LINK_TTL_HOURS } from './sign-in-guard-mails';

/** The second factor's own budget and pauses, per account (decision 039). */
export const SECOND_FACTOR_RULES = {
  wrongCodes: { limit: 5, windowMs: 15 * MINUTE_MS } satisfies RateRule,
  /** At this many wrong codes in the window the owner is told their password is known. */
  warnAt: 3,
  firstPauseMs: 15 * MINUTE_MS,
  longestPauseMs: 24 * HOUR_MS,
};
/** Wrong passwords in a row, from any address, after which only the emailed link signs in. */
export const FAILED_PASSWORDS_BEFORE_PAUSE = 20;

export interface SignInGuardDeps {
  db: Db;
  limiter: RateLimiter;
  mail: MailService;
  security: AccountSecurityService;
  twoFactor: TwoFactorService;
  publicUrl: string;
}

type Account = q.UserRow;

/**
 * What stops guessing on one account whatever the addresses (decision 039, beside the windows of
 * login-throttle.ts): 20 wrong passwords in a row pause its sign-in until the owner follows the
 * mailed link; wrong second-factor codes have a budget of their own, 5 per 15 minutes, then a
 * pause that doubles each time (up to 24 h) and the same link. Every wrong code is logged; the
 * third of a run mails the owner that their password is known.
 */
export class SignInGuard {
  constructor(private readonly deps: SignInGuardDeps) {}

  /** Refuses an account paused after wrong passwords, whatever password came: nothing to learn. */
  refusePaused(user: Account): void {
    if (user.signInLockedAt) throw new AppError('SIGN_IN_PAUSED');
  }

  /** A wrong password on `user`: the 20th in a row pauses sign-in and mails the owner once. */
  async passwordWrong(user: Account, origin: RequestOrigin): Promise<void> {
    const count = await g.countFailedSignIn(this.deps.db, user.id);
    if (count < FAILED_PASSWORDS_BEFORE_PAUSE) return;
    await this.deps.db.transaction(async (tx) => {
      if (!(await g.pauseSignIn(tx, user.id))) return;
      await this.deps.security.log(tx, user.id, 'SIGN_IN_PAUSED', origin);
      await this.queueUnlockLink(tx, user, { kind: 'PASSWORDS' });
    });
    this.deps.mail.kick();
  }

  async passwordRight(user: Account): Promise<void> {
    if (user.failedSignIns > 0) await g.clearFailedSignIns(this.deps.db, user.id);
  }

  /**
   * The second factor of a sign-in whose password was right: a code is taken from the account's
   * budget before it is compared (so parallel guesses cannot all pass one check), and given back
   * when it was right.
   */
  async secondFactor(user: Account, code: string, origin: RequestOrigin): Promise<SecondFactorUse> {
    const pausedFor = secondsUntil(user.twoFactorLockedUntil);
    if (pausedFor > 0) throw new AppError('TWO_FACTOR_PAUSED', { retryAfterSeconds: pausedFor });
    const key = codesKey(user.id);
    const rule = SECOND_FACTOR_RULES.wrongCodes;
    const turn = await this.deps.limiter.consume(key, rule);
    if (!turn.allowed) {
      await this.deps.limiter.release(key);
      throw new AppError('TWO_FACTOR_PAUSED', { retryAfterSeconds: turn.retryAfterSeconds });
    }
    const use = await this.deps.twoFactor.check(user.id, code);
    if (use) {
      await this.deps.limiter.release(key);
      if (user.twoFactorLockouts > 0) await g.clearTwoFactorPauses(this.deps.db, user.id);
      return use;
    }
    await this.deps.db.transaction(async (tx) => {
      await this.deps.security.log(tx, user.id, 'TWO_FACTOR_CODE_WRONG', origin);
      if (turn.count === SECOND_FACTOR_RULES.warnAt)
        await this.deps.mail.enqueue(tx, passwordKnownMail(user, origin, this.deps.publicUrl));
      if (turn.count < rule.limit) return;
      const until = await g.pauseTwoFactor(
        tx,
        user.id,
        SECOND_FACTOR_RULES.firstPauseMs,
        SECOND_FACTOR_RULES.longestPauseMs,
      );
      if (!until) return;
      await this.deps.security.log(tx, user.id, 'TWO_FACTOR_PAUSED', origin);
      await this.queueUnlockLink(tx, user, { kind: 'CODES', until });
    });
    this.deps.mail.kick();
    throw new AppError('INVALID_TWO_FACTOR_CODE');
  }

  /** The owner followed the mailed link: every pause and count of the account ends. */
  async unlock(token: string | undefined, origin: RequestOrigin): Promise<void> {
    if (!token) throw new AppError('TOKEN_REQUIRED');
    const tokenHash = hashToken(token);
    const userId = await this.deps.db.transaction(async (tx) => {
      const holder = await q.consumeAuthToken(tx, tokenHash, 'UNLOCK_SIGN_IN');
      if (!holder) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
      await g.resumeSignIn(tx, holder);
      await q.voidOtherTokens(tx, holder, 'UNLOCK_SIGN_IN', tokenHash);
      await this.deps.security.log(tx, holder, 'SIGN_IN_RESUMED', origin);
      return holder;
    });
    await this.deps.limiter.reset(codesKey(userId));
  }

  /**
   * A password reset through its mailed link proves the owner as well as the unlock link does:
   * every pause ends with it, in the reset's transaction (`afterReset` once it is committed).
   */
  async resumeOnReset(tx: Db, userId: string): Promise<void> {
    await g.resumeSignIn(tx, userId);
  }

  async afterReset(userId: string): Promise<void> {
    await this.deps.limiter.reset(codesKey(userId));
  }

  private async queueUnlockLink(
    tx: Db,
    user: Account,
    why: Parameters<typeof signInPausedMail>[1],
  ): Promise<void> {
    const { token, hash } = newLinkToken();
    await q.insertAuthToken(tx, {
      userId: user.id,
      purpose: 'UNLOCK_SIGN_IN',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + UNLOCK_LINK_TTL_HOURS * HOUR_MS),
    });
    const link = `${this.deps.publicUrl}/unlock-sign-in?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue(tx, signInPausedMail(user, why, link));
  }
}

/** The per-account budget of wrong second-factor codes at sign-in, shared by every instance. */
function codesKey(userId: string): string {
  return `two-factor:sign-in:${userId}`;
}

function secondsUntil(moment: Date | null): number {
  return moment ? Math.max(0, Math.ceil((moment.getTime() - Date.now()) / 1000)) : 0;
}
