import { HOUR_MS, MINUTE_MS } from '@ctn/contracts/time';
import type { Referrer, RegisterRequest, RegisterResponse } from '@ctn/contracts/accounts';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  VERIFY_EMAIL_TOKEN_TTL_HOURS,
} from '@ctn/contracts/constants';
import { normaliseEmail, normaliseReferralCode } from '@ctn/contracts/validation';
import type { Db } from '../../db/client';
import type { ChainPosition } from '../../integrations/chain/chain-head';
import type { DepositAddressDeriver } from '../../integrations/chain/deposit-addresses';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Logger } from '../../lib/logger';
import { takeTurn, type RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newLinkToken, randomString } from '../../lib/secure-token';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { registrationAlertMail, verificationMail } from './auth-mails';
import * as q from './auth.queries';
import { refuseCommonPassword } from './common-passwords';
import { addressKey } from './login-throttle';
import { hashPassword } from './passwords';
import { pendingUserOf, referralLinkOf, referrerNameOf } from './user-view';

/** Throttles of registration and verification mail (DESIGN.md section 4 "Accounts"). */
export const REGISTRATION_RATE_RULES = {
  registerPerAddress: { limit: 20, windowMs: 60 * MINUTE_MS },
  mailPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  mailPerRecipient: { limit: 3, windowMs: 15 * MINUTE_MS },
  /** Who a referral code belongs to: a page view each, far below what guessing codes needs. */
  referrerPerAddress: { limit: 60, windowMs: 15 * MINUTE_MS },
};

/**
 * Whether a code's owner may take referrals. An unverified member cannot sign in, so cannot
 * have shared a code: refusing theirs keeps every unverified account without a downline, hence
 * replaceable and purgeable.
 */
const takesReferrals = (referrer: q.UserRow | undefined): referrer is q.UserRow =>
  referrer !== undefined &&
  !referrer.isAdmin &&
  referrer.status !== 'DISABLED' &&
  referrer.isEmailVerified;

/** Unverified registrations older than this are deleted (they hold no address and no money). */
export const UNVERIFIED_ACCOUNT_HOURS = 48;

export interface RegistrationDeps {
  db: Db;
  mail: MailService;
  limiter: RateLimiter;
  depositAddresses: DepositAddressDeriver;
  /** The chain and its final block now, recorded with a deposit address (null: unknown). */
  depositIssuePosition: () => Promise<ChainPosition | null>;
  publicUrl: string;
  log: Logger;
  /** Registration alert mails to administrators. */
  settings: SettingsService;
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string | null;
  referrerId: string | null;
  isAdmin?: boolean;
  isRoot?: boolean;
  emailVerified?: boolean;
  referralCode?: string;
  /** A member's own registration: mails the administrators when registration alerts are on. */
  alertAdmins?: boolean;
}

/**
 * How a member comes to exist: registration, the verification mail and link, and the deposit
 * address, handed out once the email is proven so junk sign-ups cost the payment watcher nothing.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /**
   * GET /api/users/referrer/{code} (beyond the spec): who invites with this code, named as
   * "Alex M.", and the code's link on the public URL, for the landing and register pages.
   * Throttled per address, like registering: it tells whether a code exists.
   */
  async referrer(code: string, ip: string): Promise<Referrer> {
    await takeTurn(
      this.deps.limiter,
      `referrer:ip:${addressKey(ip)}`,
      REGISTRATION_RATE_RULES.referrerPerAddress,
    );
    const normalised = normaliseReferralCode(code);
    const referrer = await q.findUserByReferralCode(this.deps.db, normalised);
    if (!takesReferrals(referrer)) throw new AppError('INVALID_REFERRAL_CODE');
    return {
      name: referrerNameOf(referrer),
      referralCode: normalised,
      link: referralLinkOf(this.deps.publicUrl, normalised),
    };
  }

  /**
   * A registration of an address nobody verified replaces that one (name, password, referrer,
   * a new link): whoever typed someone else's email first does not fix that person's upline.
   */
  async register(input: RegisterRequest, ip: string): Promise<RegisterResponse> {
    await takeTurn(
      this.deps.limiter,
      `register:ip:${addressKey(ip)}`,
      REGISTRATION_RATE_RULES.registerPerAddress,
    );
    refuseCommonPassword('password', input.password);
    const email = normaliseEmail(input.email);
    const { db } = this.deps;
    const existing = await q.findUserByEmail(db, email);
    if (existing && existing.isEmailVerified) throw new AppError('USER_EXISTS');
    const referrer = await q.findUserByReferralCode(
      db,
      normaliseReferralCode(input.referredByCode),
    );
    if (!takesReferrals(referrer)) throw new AppError('INVALID_REFERRAL_CODE');

    const user = await this.createAccount(
      {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        password: input.password,
        referrerId: referrer.id,
        alertAdmins: true,
      },
      existing?.id,
    );
    return {
      requiresVerification: !user.isEmailVerified,
      user: { ...pendingUserOf(user), referredBy: referrerNameOf(referrer) },
    };
  }

  /**
   * Creates a member (or the root, or an admin) in one transaction: the user with a fresh
   * referral code, the upline paths, and the verification mail; a member created verified gets
   * their deposit address at once. `replacing`: an unverified account of the same email, deleted
   * in the same transaction (USER_EXISTS when it can no longer be).
   */
  async createAccount(account: NewAccount, replacing?: string): Promise<q.UserRow> {
    const passwordHash = account.password === null ? null : await hashPassword(account.password);
    const needsAddress = !account.isAdmin && account.emailVerified === true;
    // Read before the transaction: a slow node never holds a database connection.
    const issued = needsAddress ? await this.deps.depositIssuePosition() : null;
    try {
      const user = await this.deps.db.transaction(async (tx) => {
        if (replacing !== undefined && !(await q.deleteUnverifiedAccount(tx, replacing)))
          throw new AppError('USER_EXISTS');
        const referralCode = account.referralCode ?? (await this.unusedReferralCode(tx));
        const row = await q.insertUser(tx, {
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          passwordHash,
          isAdmin: account.isAdmin ?? false,
          isRoot: account.isRoot ?? false,
          isEmailVerified: account.emailVerified ?? false,
          emailVerifiedAt: account.emailVerified ? new Date() : null,
          referralCode,
          referredBy: account.referrerId,
        });
        if (account.referrerId) await q.insertReferralPaths(tx, row.id, account.referrerId);
        if (needsAddress) await this.issueAddress(tx, row.id, issued);
        if (!row.isEmailVerified) await this.queueVerificationMail(tx, row);
        if (account.alertAdmins) await this.queueRegistrationAlerts(tx, row);
        return needsAddress ? ((await q.findUserById(tx, row.id)) ?? row) : row;
      });
      this.deps.mail.kick();
      return user;
    } catch (err) {
      // Two registrations of one email racing: the unique index decides, the loser hears USER_EXISTS.
      if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('USER_EXISTS');
      throw err;
    }
  }

  // ------------------------------------------------------------------- email verification

  /**
   * Mails a new verification link to the signed-in member, or to `email`. For an address typed
   * in, the answer is the same whether it is unknown, unverified or verified: the mail goes only
   * where it applies, and the per-recipient limit counts every address alike.
   */
  async sendVerificationEmail(
    target: { userId: string } | { email: string } | null,
    ip: string,
  ): Promise<void> {
    if (target === null) throw validationError([{ field: 'email', message: 'Email is required' }]);
    const { db, limiter } = this.deps;
    await takeTurn(limiter, `mail:ip:${addressKey(ip)}`, REGISTRATION_RATE_RULES.mailPerAddress);
    if ('userId' in target) {
      const user = await q.findUserById(db, target.userId);
      if (!user || user.isRoot) throw new AppError('USER_NOT_FOUND');
      if (user.isEmailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
      await this.mailVerification(user);
      return;
    }
    const email = normaliseEmail(target.email);
    await takeTurn(limiter, `mail:address:${email}`, REGISTRATION_RATE_RULES.mailPerRecipient);
    const user = await q.findUserByEmail(db, email);
    if (user && !user.isRoot && !user.isEmailVerified) await this.mailVerification(user);
  }

  /** Marks the email verified and hands out the deposit address, in one transaction. */
  async verifyEmail(token: string | undefined): Promise<void> {
    if (!token) throw new AppError('TOKEN_REQUIRED');
    const tokenHash = hashToken(token);
    const holder = await q.findTokenHolder(this.deps.db, tokenHash, 'VERIFY_EMAIL');
    const issued = holder ? await this.issuePositionFor(holder) : null;
    const verified = await this.deps.db.transaction(async (tx) => {
      const userId = await q.consumeAuthToken(tx, tokenHash, 'VERIFY_EMAIL');
      if (!userId) return false;
      await this.markVerified(tx, userId, issued);
      await q.voidOtherTokens(tx, userId, 'VERIFY_EMAIL', tokenHash);
      return true;
    });
    if (verified) return;
    const spent = await q.findTokenHolder(this.deps.db, tokenHash, 'VERIFY_EMAIL', {
      anyState: true,
    });
    throw new AppError(
      spent?.isEmailVerified ? 'EMAIL_ALREADY_VERIFIED' : 'INVALID_OR_EXPIRED_TOKEN',
    );
  }

  /** The chain position to record with `user`'s deposit address; read only when one is due. */
  async issuePositionFor(user: q.UserRow): Promise<ChainPosition | null> {
    return user.isAdmin || user.walletAddress ? null : this.deps.depositIssuePosition();
  }

  /**
   * The email is proven (the verification link): verified, and a member
   * without a deposit address gets one, recorded with `issued` (issuePositionFor).
   */
  async markVerified(tx: Db, userId: string, issued: ChainPosition | null): Promise<void> {
    await q.markEmailVerified(tx, userId);
    const user = await q.findUserById(tx, userId);
    if (user && !user.isAdmin && !user.walletAddress) await this.issueAddress(tx, userId, issued);
  }

  /** Deletes unverified registrations older than 48 hours; answers how many went. */
  async purgeUnverified(limit = 500): Promise<number> {
    const { db } = this.deps;
    const stale = await q.staleUnverifiedAccounts(db, UNVERIFIED_ACCOUNT_HOURS, limit);
    let purged = 0;
    for (const id of stale)
      if (await db.transaction((tx) => q.deleteUnverifiedAccount(tx, id))) purged += 1;
    if (purged > 0) this.deps.log.info({ purged }, 'unverified registrations purged');
    return purged;
  }

  /** A new verification link for `user`, mailed at once (also what "forgot password" sends an unverified account). */
  async mailVerification(user: q.UserRow): Promise<void> {
    await this.deps.db.transaction((tx) => this.queueVerificationMail(tx, user));
    this.deps.mail.kick();
  }

  private async queueVerificationMail(tx: Db, user: q.UserRow): Promise<void> {
    const { token, hash } = newLinkToken();
    await q.insertAuthToken(tx, {
      userId: user.id,
      purpose: 'VERIFY_EMAIL',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_TOKEN_TTL_HOURS * HOUR_MS),
    });
    const referrer = user.referredBy ? await q.findUserById(tx, user.referredBy) : undefined;
    const link = `${this.deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue(
      tx,
      verificationMail(user, link, referrer && !referrer.isRoot ? referrerNameOf(referrer) : null),
    );
  }

  private async queueRegistrationAlerts(tx: Db, user: q.UserRow): Promise<void> {
    const admins = await this.deps.settings.alertRecipients(tx, 'registration');
    const member = { ...user, userNumber: user.userId };
    for (const admin of admins)
      await this.deps.mail.enqueue(tx, registrationAlertMail(admin, member, this.deps.publicUrl));
  }

  private async issueAddress(tx: Db, userId: string, issued: ChainPosition | null): Promise<void> {
    const depositIndex = await q.nextDepositIndex(tx);
    await q.issueDepositAddress(tx, userId, {
      depositIndex,
      walletAddress: this.depositAddress(depositIndex),
      issuedChain: issued?.identity ?? null,
      issuedBlock: issued?.final ?? null,
    });
  }

  private depositAddress(index: number): string {
    try {
      return this.deps.depositAddresses.addressAt(index);
    } catch (err) {
      this.deps.log.error({ err, index }, 'deposit address derivation failed');
      throw new AppError('WALLET_CREATION_FAILED');
    }
  }

  private async unusedReferralCode(db: Db): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = randomString(REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH);
      if (!(await q.referralCodeTaken(db, code))) return code;
    }
    throw new Error('could not find an unused referral code');
  }
}
