import type { LoginResponse, NotificationSettings, User } from '@ctn/contracts/accounts';
import { RESET_PASSWORD_TOKEN_TTL_HOURS } from '@ctn/contracts/constants';
import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import {
  changePasswordError,
  normaliseEmail,
  normaliseReferralCode,
  resetPasswordErrors,
} from '@ctn/contracts/validation';
import type { Db } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { takeTurn, type RateLimiter, type RateRule } from '../../lib/rate-limiter';
import { hashToken, newLinkToken } from '../../lib/secure-token';
import type { TwoFactorResetCheck } from '@ctn/contracts/security';
import type { Actor, AuditService, SERVER_CONSOLE } from '../audit/audit.service';
import { resetSecondFactor } from './second-factor-reset';
import type { MailService } from '../mail/mail.service';
import type { SecondFactorUse, TwoFactorService } from '../two-factor/two-factor.service';
import type { SettingsService } from '../settings/settings.service';
import type { SessionUser } from '../../lib/session-user';
import type { AccountSecurityService, RequestOrigin } from './account-security.service';
import { passwordResetMail } from './auth-mails';
import * as q from './auth.queries';
import { isCommonPassword, refuseCommonPassword } from './common-passwords';
import { addressKey, LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { REGISTRATION_RATE_RULES, type RegistrationService } from './registration.service';
import { SignInGuard } from './sign-in-guard';
import { pendingUserOf, toUserView } from './user-view';
import { HOUR_MS, MINUTE_MS } from '@ctn/contracts/time';

/** How much higher the account-wide cap on failed sign-ins is than the per-address one. */
const LOGIN_ACCOUNT_FACTOR = 10;
/** Throttles (DESIGN.md section 4 "Accounts"). Windows end by themselves: nobody is locked out for good. */
export const RATE_RULES = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Failures of one account from one address; the limit is the saved maxLoginAttempts. */
  loginFailuresPerAccountAndIp: {
    limit: DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts,
    windowMs: 15 * MINUTE_MS,
  },
  /**
   * Failures of one account from every address together: LOGIN_ACCOUNT_FACTOR times the saved
   * maxLoginAttempts, over a short window, so even a spread-out attack locks the owner out for
   * minutes at most (login-throttle.ts).
   */
  loginFailuresPerAccount: {
    limit: DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts * LOGIN_ACCOUNT_FACTOR,
    windowMs: 5 * MINUTE_MS,
  },
  /** Wrong current passwords on the change-password form, per account; the last ends every session. */
  wrongCurrentPassword: { limit: 10, windowMs: 60 * MINUTE_MS },
} satisfies Record<string, RateRule>;

export interface AuthDeps {
  db: Db;
  mail: MailService;
  /** Sessions, the security log and its mails. */
  security: AccountSecurityService;
  twoFactor: TwoFactorService;
  /** Members' session lifetime in seconds (administrators: the saved timeout). */
  sessionTtlSeconds: number;
  limiter: RateLimiter;
  /** Accounts are created and verified there (bootstrapping, password-reset links). */
  registration: RegistrationService;
  publicUrl: string;
  log: Logger;
  audit: AuditService;
  /** Saved system settings: sign-in limit, admin session timeout, maintenance, alert mails. */
  settings: SettingsService;
}

/** Signing in and out, passwords, and the session check every authenticated request makes. */
export class AuthService {
  private readonly profileLookup: ReturnType<typeof q.profileLookup>;
  private readonly guard: SignInGuard;

  constructor(private readonly deps: AuthDeps) {
    this.profileLookup = q.profileLookup(deps.db);
    this.guard = new SignInGuard(deps);
  }

  /** POST /users/unlock-sign-in: the owner's mailed link ends every pause of the account. */
  unlockSignIn(token: string | undefined, origin: RequestOrigin): Promise<void> {
    return this.guard.unlock(token, origin);
  }

  // ------------------------------------------------------------------------------ sign-in

  async login(
    emailInput: string,
    password: string,
    origin: { ip: string; userAgent: string | null; totpCode?: string | undefined },
  ): Promise<LoginResponse> {
    const { ip } = origin;
    const email = normaliseEmail(emailInput);
    const address = addressKey(ip);
    await takeTurn(this.deps.limiter, `login:ip:${address}`, RATE_RULES.loginPerIp);
    const system = await this.deps.settings.system();
    const user = await q.findUserByEmail(this.deps.db, email);
    const failures = new LoginThrottle(
      this.deps.limiter,
      {
        perAccountAndAddress: RATE_RULES.loginFailuresPerAccountAndIp,
        perAccount: RATE_RULES.loginFailuresPerAccount,
        accountFactor: LOGIN_ACCOUNT_FACTOR,
      },
      {
        email,
        address,
        tokenVersion: user?.tokenVersion ?? 0,
        maxAttempts: system.maxLoginAttempts,
      },
    );
    // Counted before the check: the place is kept for a wrong password, given back for a right one.
    const refusal = await failures.reserve();
    if (refusal)
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: refusal.retryAfterSeconds });
    const requestOrigin = { ip, userAgent: origin.userAgent };
    if (user) this.guard.refusePaused(user);

    const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !passwordOk) {
      if (user?.passwordHash) await this.guard.passwordWrong(user, requestOrigin);
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.guard.passwordRight(user);
    // A second factor: without a code nothing is issued, and the attempt is given back but
    // resets nothing (decision 039: alternating bare sign-ins with guesses gains nothing); a
    // wrong code keeps its place in the counters, exactly like a wrong password, and takes one
    // from the account's own budget of codes.
    let secondFactor: SecondFactorUse | null = null;
    if (await this.deps.twoFactor.isEnabled(user.id)) {
      const code = origin.totpCode?.trim() ?? '';
      if (code === '') {
        await failures.giveBack();
        throw new AppError('TWO_FACTOR_REQUIRED', { requiresTwoFactor: true });
      }
      secondFactor = await this.guard.secondFactor(user, code, requestOrigin);
    }
    await failures.signedIn();
    if (user.status === 'LOCKED') throw new AppError('ACCOUNT_LOCKED');
    if (user.status === 'DISABLED') throw new AppError('ACCOUNT_DISABLED');
    // Member section 4: the right password on an unverified account is a success that asks for
    // verification; it opens no session.
    if (!user.isEmailVerified)
      return { requiresVerification: true, token: null, user: pendingUserOf(user) };
    if (system.maintenanceMode && !user.isAdmin) throw new AppError('MAINTENANCE_MODE');
    const ttl = await this.sessionTtl(user.isAdmin);
    const { signedIn, token } = await this.deps.db.transaction(async (tx) => {
      const row = await q.recordLogin(tx, user.id);
      await q.recordLoginEvent(tx, user.id, ip);
      await this.deps.security.record(tx, row, 'SIGN_IN', requestOrigin);
      if (secondFactor === 'RECOVERY_CODE')
        await this.deps.security.record(tx, row, 'RECOVERY_CODE_USED', requestOrigin);
      if (row.isAdmin)
        await this.deps.audit.record(
          tx,
          { id: row.id, email: row.email, ip },
          { action: 'ADMIN_SIGN_IN' },
        );
      return { signedIn: row, token: await this.deps.security.open(tx, row, requestOrigin, ttl) };
    });
    this.deps.mail.kick();
    return {
      requiresVerification: false,
      token,
      user: toUserView(signedIn, secondFactor !== null, this.deps.publicUrl),
      // Read before this sign-in stamped it: no earlier sign-in means a new member (decision 050).
      firstSignIn: user.lastLoginAt === null,
    };
  }

  /** The user behind a bearer token, or null when the session has ended or never was. */
  sessionUser(token: string, fresh = false): Promise<SessionUser | null> {
    return this.deps.security.sessionUser(token, fresh);
  }

  /** `sessionUser` of a read from this process's memory; undefined when it needs the database. */
  keptSessionUser(token: string): SessionUser | null | undefined {
    return this.deps.security.keptSessionUser(token);
  }

  /** The signed-in user; whether they have a second factor comes with the session check. */
  /** GET /users/notifications: the mails the member may switch off. */
  async notificationSettings(id: string): Promise<NotificationSettings> {
    const settings = await q.notificationSettings(this.deps.db, id);
    if (!settings) throw new AppError('USER_NOT_FOUND');
    return settings;
  }

  /** PUT /users/notifications */
  async saveNotificationSettings(
    id: string,
    settings: NotificationSettings,
  ): Promise<NotificationSettings> {
    await q.saveNotificationSettings(this.deps.db, id, settings);
    return this.notificationSettings(id);
  }

  async profile(session: { id: string; twoFactor: boolean }): Promise<User> {
    const user = await this.profileLookup(session.id);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return toUserView(user, session.twoFactor, this.deps.publicUrl);
  }

  /** Administrators: the saved session timeout; members: the default lifetime (24 h). */
  private async sessionTtl(isAdmin: boolean): Promise<number> {
    if (!isAdmin) return this.deps.sessionTtlSeconds;
    return (await this.deps.settings.system()).sessionTimeoutMinutes * 60;
  }

  // ----------------------------------------------------------------------------- passwords

  /** Always ends the same way, so the answer never tells whether the account exists. */
  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const { limiter } = this.deps;
    await takeTurn(limiter, `mail:ip:${addressKey(ip)}`, REGISTRATION_RATE_RULES.mailPerAddress);
    await takeTurn(limiter, `mail:address:${email}`, REGISTRATION_RATE_RULES.mailPerRecipient);
    const user = await q.findUserByEmail(this.deps.db, email);
    if (!user || user.passwordHash === null || user.status !== 'ACTIVE') return;
    // An unverified account may be someone else's registration of this address (a squatter's,
    // under their own referral code): its owner gets the verification mail, which names the
    // referrer and how to register again, never a link that would sign them into it.
    if (!user.isEmailVerified) return this.deps.registration.mailVerification(user);
    const { token, hash } = newLinkToken();
    await this.deps.db.transaction(async (tx) => {
      await q.insertAuthToken(tx, {
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        tokenHash: hash,
        expiresAt: new Date(Date.now() + RESET_PASSWORD_TOKEN_TTL_HOURS * HOUR_MS),
      });
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.deps.mail.enqueue(tx, passwordResetMail(user, link));
    });
    this.deps.mail.kick();
  }

  /**
   * Whether a reset link can still be used, so the page says so before the member types a new
   * password (issue 20). Consumes nothing; the reset itself checks again.
   */
  async checkResetToken(token: string | undefined): Promise<void> {
    if (!token) throw new AppError('TOKEN_REQUIRED');
    await this.resetTokenHolder(hashToken(token));
  }

  /** The member a live reset token belongs to; refused when none, or when not ACTIVE. */
  private async resetTokenHolder(tokenHash: string) {
    const holder = await q.findTokenHolder(this.deps.db, tokenHash, 'RESET_PASSWORD');
    if (!holder) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
    if (holder.status !== 'ACTIVE') throw new AppError('ACCOUNT_NOT_ACTIVE');
    return holder;
  }

  async resetPassword(input: {
    token?: string | undefined;
    newPassword: string;
    confirmPassword: string;
  }): Promise<void> {
    if (!input.token) throw new AppError('TOKEN_REQUIRED');
    const errors = resetPasswordErrors(input.newPassword, input.confirmPassword);
    if (errors.length > 0) throw validationError(errors);
    refuseCommonPassword('newPassword', input.newPassword);
    const tokenHash = hashToken(input.token);
    const holder = await this.resetTokenHolder(tokenHash);
    if (await verifyPassword(holder.passwordHash, input.newPassword))
      throw new AppError('SAME_PASSWORD_ERROR');
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      const userId = await q.consumeAuthToken(tx, tokenHash, 'RESET_PASSWORD');
      if (userId !== holder.id) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
      await q.replacePassword(tx, userId, passwordHash);
      await q.voidOtherTokens(tx, userId, 'RESET_PASSWORD', tokenHash);
      await this.guard.resumeOnReset(tx, userId);
      // No verification here (decision 039): only the verification link, which names the
      // referrer, makes an account verified.
      await this.deps.security.record(tx, holder, 'PASSWORD_RESET', { ip: null, userAgent: null });
    });
    await this.guard.afterReset(holder.id);
    this.deps.mail.kick();
    // replacePassword bumped the token version, which every sign-in counter of the account is
    // keyed by (login-throttle.ts): the owner can sign in at once, from anywhere.
  }

  /**
   * Changes the password, ends every other session and returns a new token for this one (wrong
   * current passwords: `confirmPassword`).
   */
  async changePassword(
    session: { id: string; sessionId: string },
    input: { currentPassword: string; newPassword: string; confirmPassword: string },
    origin: RequestOrigin,
  ): Promise<{ token: string }> {
    const problem = changePasswordError(input);
    if (problem) throw validationError([{ field: 'newPassword', message: problem }]);
    refuseCommonPassword('newPassword', input.newPassword);
    const user = await this.confirmPassword(session.id, input.currentPassword, origin);
    if (input.newPassword === input.currentPassword) throw new AppError('SAME_PASSWORD_ERROR');
    const hash = await hashPassword(input.newPassword);
    const version = await this.deps.db.transaction(async (tx) => {
      const next = await q.replacePassword(tx, user.id, hash);
      await this.deps.security.endEverywhere(
        tx,
        user,
        session.sessionId,
        origin,
        'PASSWORD_CHANGED',
      );
      if (user.isAdmin)
        await this.deps.audit.record(
          tx,
          { id: user.id, email: user.email, ip: origin.ip },
          { action: 'ADMIN_PASSWORD_CHANGED', target: { type: 'user', id: user.id } },
        );
      return next;
    });
    this.deps.mail.kick();
    return {
      token: await this.deps.security.reissue(
        { id: user.id, tokenVersion: version },
        session.sessionId,
        await this.sessionTtl(user.isAdmin),
      ),
    };
  }

  /**
   * The signed-in user, once `password` proved to be theirs (before a password change or
   * switching off two-factor sign-in). Wrong passwords are counted before the check, 10 an hour
   * per account; the tenth ends every session of the account, the asking one too, and mails the
   * member: whoever holds the session does not know the password.
   */
  async confirmPassword(
    userId: string,
    password: string,
    origin: RequestOrigin,
  ): Promise<q.UserRow> {
    const user = await q.findUserById(this.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const guessKey = `current-password:v${user.tokenVersion}:${user.id}`;
    const rule = RATE_RULES.wrongCurrentPassword;
    const guess = await this.deps.limiter.consume(guessKey, rule);
    if (!guess.allowed)
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: guess.retryAfterSeconds });
    if (!(await verifyPassword(user.passwordHash, password))) {
      // This wrong guess used the last of the allowance: the window is now full.
      if (!(await this.deps.limiter.peek(guessKey, rule)).allowed) {
        await this.deps.db.transaction((tx) =>
          this.deps.security.endEverywhere(tx, user, null, origin, 'PASSWORD_GUESSES_STOPPED'),
        );
        this.deps.mail.kick();
      }
      throw new AppError('CURRENT_PASSWORD_INCORRECT');
    }
    await this.deps.limiter.release(guessKey);
    return user;
  }

  // ----------------------------------------------------------------------- bootstrapping

  /** The network's root: created at first start, never signs in, owns ROOT_REFERRAL_CODE. */
  async ensureRoot(referralCode: string | undefined): Promise<{ code: string; created: boolean }> {
    const existing = await q.findRoot(this.deps.db);
    if (existing) {
      if (referralCode && referralCode !== existing.referralCode) {
        this.deps.log.warn(
          { configured: referralCode, actual: existing.referralCode },
          'ROOT_REFERRAL_CODE differs from the existing root account; keeping the existing code',
        );
      }
      return { code: existing.referralCode, created: false };
    }
    const root = await this.deps.registration.createAccount({
      firstName: 'Network',
      lastName: 'Root',
      email: 'root@network.invalid',
      password: null,
      referrerId: null,
      isRoot: true,
      emailVerified: true,
      ...(referralCode ? { referralCode } : {}),
    });
    return { code: root.referralCode, created: true };
  }

  /**
   * The administrator of ADMIN_EMAIL/ADMIN_PASSWORD, created when absent; with `totpSecret`
   * (ADMIN_TOTP_SECRET) one without a second factor signs in with that one from the start.
   */
  async ensureAdmin(email: string, password: string, totpSecret?: string): Promise<boolean> {
    const normalised = normaliseEmail(email);
    const existing = await q.findUserByEmail(this.deps.db, normalised);
    if (existing && !existing.isAdmin) {
      this.deps.log.warn(
        { email: normalised },
        'ADMIN_EMAIL belongs to a member account; no administrator created',
      );
      return false;
    }
    // Configuration, not a form: refusing would stop the start, so the operator is told instead.
    if (!existing && isCommonPassword(password))
      this.deps.log.warn(
        { email: normalised },
        'ADMIN_PASSWORD is on the common-password blocklist; change it after the first sign-in',
      );
    const admin =
      existing ??
      (await this.deps.registration.createAccount({
        firstName: 'Platform',
        lastName: 'Admin',
        email: normalised,
        password,
        referrerId: null,
        isAdmin: true,
        emailVerified: true,
      }));
    if (
      totpSecret &&
      !(await this.deps.twoFactor.enrolWithSecret(admin.id, totpSecret)) &&
      !(await this.deps.twoFactor.hasSecret(admin.id, totpSecret))
    )
      this.deps.log.warn(
        { email: normalised },
        'ADMIN_TOTP_SECRET ignored: this administrator has enrolled another second factor (remove the variable)',
      );
    return !existing;
  }

  /** A member's lost second factor removed (two-factor-reset.ts); `checks`: what was verified. */
  async resetSecondFactor(
    memberId: string,
    actor: Actor | typeof SERVER_CONSOLE,
    checks: readonly TwoFactorResetCheck[],
  ): Promise<void> {
    const member = await q.findUserById(this.deps.db, memberId);
    if (!member || member.isRoot) throw new AppError('USER_NOT_FOUND');
    await resetSecondFactor(this.deps, member, actor, checks);
  }

  findByEmail(email: string): Promise<q.UserRow | undefined> {
    return q.findUserByEmail(this.deps.db, normaliseEmail(email));
  }

  findById(id: string): Promise<q.UserRow | undefined> {
    return q.findUserById(this.deps.db, id);
  }

  findByReferralCode(code: string): Promise<q.UserRow | undefined> {
    return q.findUserByReferralCode(this.deps.db, normaliseReferralCode(code));
  }
}
