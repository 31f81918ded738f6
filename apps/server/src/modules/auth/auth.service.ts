import type {
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  User,
} from '@ctn/contracts/accounts';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  RESET_PASSWORD_TOKEN_TTL_HOURS,
  VERIFY_EMAIL_TOKEN_TTL_HOURS,
} from '@ctn/contracts/constants';
import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import {
  changePasswordError,
  COMMON_PASSWORD_MESSAGE,
  normaliseEmail,
  normaliseReferralCode,
  resetPasswordErrors,
} from '@ctn/contracts/validation';
import type { Db } from '../../db/client';
import type { ChainPosition } from '../../integrations/chain/chain-head';
import type { DepositAddressDeriver } from '../../integrations/chain/deposit-addresses';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Logger } from '../../lib/logger';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter';
import { hashToken, newLinkToken, randomString } from '../../lib/secure-token';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { registrationAlertMail } from '../settings/admin-alert-mails';
import type { SettingsService } from '../settings/settings.service';
import { passwordResetMail, verificationMail } from './auth-mails';
import * as q from './auth.queries';
import { isCommonPassword } from './common-passwords';
import { addressKey, LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionTokens } from './session-tokens';
import { pendingUserOf, toUserView } from './user-view';

const MINUTE = 60_000;
/** How much higher the account-wide cap on failed sign-ins is than the per-address one. */
const LOGIN_ACCOUNT_FACTOR = 10;
/** Throttles (DESIGN.md section 4 "Accounts"). Windows end by themselves: nobody is locked out for good. */
export const RATE_RULES = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failures of one account from one address; the limit is the saved maxLoginAttempts. */
  loginFailuresPerAccountAndIp: {
    limit: DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts,
    windowMs: 15 * MINUTE,
  },
  /**
   * Failures of one account from every address together: LOGIN_ACCOUNT_FACTOR times the saved
   * maxLoginAttempts, over a short window, so even a spread-out attack locks the owner out for
   * minutes at most (login-throttle.ts).
   */
  loginFailuresPerAccount: {
    limit: DEFAULT_SYSTEM_SETTINGS.maxLoginAttempts * LOGIN_ACCOUNT_FACTOR,
    windowMs: 5 * MINUTE,
  },
  registerPerIp: { limit: 20, windowMs: 60 * MINUTE },
  mailPerIp: { limit: 10, windowMs: 15 * MINUTE },
  mailPerAddress: { limit: 3, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

const HOUR = 3_600_000;

export interface AuthDeps {
  db: Db;
  mail: MailService;
  tokens: SessionTokens;
  limiter: RateLimiter;
  depositAddresses: DepositAddressDeriver;
  /** The chain and its final block now, recorded with a deposit address (null: unknown). */
  depositIssuePosition: () => Promise<ChainPosition | null>;
  publicUrl: string;
  log: Logger;
  audit: AuditService;
  /** Saved system settings: sign-in limit, admin session timeout, maintenance, alert mails. */
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

export class AuthService {
  private readonly findSessionUser: ReturnType<typeof q.sessionLookup>;

  constructor(private readonly deps: AuthDeps) {
    this.findSessionUser = q.sessionLookup(deps.db);
  }

  // ------------------------------------------------------------------------ registration

  async register(input: RegisterRequest, ip: string): Promise<RegisterResponse> {
    await this.throttle(`register:ip:${ip}`, RATE_RULES.registerPerIp);
    refuseCommonPassword('password', input.password);
    const email = normaliseEmail(input.email);
    const { db } = this.deps;
    if (await q.findUserByEmail(db, email)) throw new AppError('USER_EXISTS');
    const referrer = await q.findUserByReferralCode(
      db,
      normaliseReferralCode(input.referredByCode),
    );
    if (!referrer || referrer.isAdmin || referrer.status === 'DISABLED')
      throw new AppError('INVALID_REFERRAL_CODE');

    const user = await this.createAccount({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email,
      password: input.password,
      referrerId: referrer.id,
      alertAdmins: true,
    });
    return { requiresVerification: !user.isEmailVerified, user: pendingUserOf(user) };
  }

  /**
   * Creates a member (or the root, or an admin) in one transaction: the user with a deposit
   * address and a fresh referral code, the upline paths, and the verification mail.
   */
  async createAccount(account: NewAccount): Promise<q.UserRow> {
    const passwordHash = account.password === null ? null : await hashPassword(account.password);
    const isMember = !account.isAdmin;
    // Read before the transaction: a slow node never holds a database connection.
    const issued = isMember ? await this.deps.depositIssuePosition() : null;
    try {
      const user = await this.deps.db.transaction(async (tx) => {
        const depositIndex = isMember ? await q.nextDepositIndex(tx) : null;
        const walletAddress = depositIndex === null ? null : this.depositAddress(depositIndex);
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
          depositIndex,
          walletAddress,
          depositIssuedChain: issued?.identity ?? null,
          depositIssuedBlock: issued?.final ?? null,
        });
        if (account.referrerId) await q.insertReferralPaths(tx, row.id, account.referrerId);
        if (!row.isEmailVerified) await this.queueVerificationMail(tx, row);
        if (account.alertAdmins) await this.queueRegistrationAlerts(tx, row);
        return row;
      });
      this.deps.mail.kick();
      return user;
    } catch (err) {
      // Two registrations of one email racing: the unique index decides, the loser hears USER_EXISTS.
      if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('USER_EXISTS');
      throw err;
    }
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

  // ------------------------------------------------------------------------------ sign-in

  async login(emailInput: string, password: string, ip: string): Promise<LoginResponse> {
    const email = normaliseEmail(emailInput);
    const address = addressKey(ip);
    await this.throttle(`login:ip:${address}`, RATE_RULES.loginPerIp);
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

    const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !passwordOk) throw new AppError('INVALID_CREDENTIALS');
    await failures.passwordRight();
    if (user.status === 'LOCKED') throw new AppError('ACCOUNT_LOCKED');
    if (user.status === 'DISABLED') throw new AppError('ACCOUNT_DISABLED');
    if (!user.isEmailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', {
        requiresVerification: true,
        user: pendingUserOf(user),
      });
    }
    if (system.maintenanceMode && !user.isAdmin) throw new AppError('MAINTENANCE_MODE');
    const signedIn = await this.deps.db.transaction(async (tx) => {
      const row = await q.recordLogin(tx, user.id);
      await q.recordLoginEvent(tx, user.id, ip);
      if (row.isAdmin)
        await this.deps.audit.record(
          tx,
          { id: row.id, email: row.email, ip },
          { action: 'ADMIN_SIGN_IN' },
        );
      return row;
    });
    const token = await this.deps.tokens.sign(
      { userId: user.id, version: signedIn.tokenVersion },
      await this.sessionTtl(signedIn.isAdmin),
    );
    return { requiresVerification: false, token, user: toUserView(signedIn) };
  }

  /** The user behind a bearer token, or null when the session has ended or never was. */
  async sessionUser(
    token: string,
  ): Promise<{ id: string; email: string; isAdmin: boolean } | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const user = await this.findSessionUser(claims.userId);
    if (!user || user.tokenVersion !== claims.version || user.status !== 'ACTIVE') return null;
    return { id: user.id, email: user.email, isAdmin: user.isAdmin };
  }

  async profile(userId: string): Promise<User> {
    const user = await q.findUserById(this.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return toUserView(user);
  }

  // ------------------------------------------------------------------- email verification

  /** Mails a new verification link to the signed-in member, or to `email`. */
  async sendVerificationEmail(
    target: { userId: string } | { email: string } | null,
    ip: string,
  ): Promise<void> {
    if (target === null) throw validationError([{ field: 'email', message: 'Email is required' }]);
    await this.throttle(`mail:ip:${ip}`, RATE_RULES.mailPerIp);
    const { db } = this.deps;
    const user =
      'userId' in target
        ? await q.findUserById(db, target.userId)
        : await q.findUserByEmail(db, normaliseEmail(target.email));
    if (!user || user.isRoot) throw new AppError('USER_NOT_FOUND');
    if (user.isEmailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
    await this.throttle(`mail:address:${user.email}`, RATE_RULES.mailPerAddress);
    await db.transaction((tx) => this.queueVerificationMail(tx, user));
    this.deps.mail.kick();
  }

  async verifyEmail(token: string | undefined): Promise<void> {
    if (!token) throw new AppError('TOKEN_REQUIRED');
    const tokenHash = hashToken(token);
    const verified = await this.deps.db.transaction(async (tx) => {
      const userId = await q.consumeAuthToken(tx, tokenHash, 'VERIFY_EMAIL');
      if (!userId) return false;
      await q.markEmailVerified(tx, userId);
      await q.voidOtherTokens(tx, userId, 'VERIFY_EMAIL', tokenHash);
      return true;
    });
    if (verified) return;
    const holder = await q.findTokenHolder(this.deps.db, tokenHash, 'VERIFY_EMAIL', {
      anyState: true,
    });
    throw new AppError(
      holder?.isEmailVerified ? 'EMAIL_ALREADY_VERIFIED' : 'INVALID_OR_EXPIRED_TOKEN',
    );
  }

  /** Administrators: the saved session timeout; members: the default lifetime (24 h). */
  private async sessionTtl(isAdmin: boolean): Promise<number | undefined> {
    if (!isAdmin) return undefined;
    return (await this.deps.settings.system()).sessionTimeoutMinutes * 60;
  }

  private async queueRegistrationAlerts(tx: Db, user: q.UserRow): Promise<void> {
    const admins = await this.deps.settings.alertRecipients(tx, 'registration');
    const member = { ...user, userNumber: user.userId };
    for (const admin of admins)
      await this.deps.mail.enqueue(tx, registrationAlertMail(admin, member, this.deps.publicUrl));
  }

  private async queueVerificationMail(tx: Db, user: q.UserRow): Promise<void> {
    const { token, hash } = newLinkToken();
    await q.insertAuthToken(tx, {
      userId: user.id,
      purpose: 'VERIFY_EMAIL',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_TOKEN_TTL_HOURS * HOUR),
    });
    const link = `${this.deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue(tx, verificationMail(user, link));
  }

  // ----------------------------------------------------------------------------- passwords

  /** Always ends the same way, so the answer never tells whether the account exists. */
  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    await this.throttle(`mail:ip:${ip}`, RATE_RULES.mailPerIp);
    await this.throttle(`mail:address:${email}`, RATE_RULES.mailPerAddress);
    const user = await q.findUserByEmail(this.deps.db, email);
    if (!user || user.passwordHash === null || user.status !== 'ACTIVE') return;
    const { token, hash } = newLinkToken();
    await this.deps.db.transaction(async (tx) => {
      await q.insertAuthToken(tx, {
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        tokenHash: hash,
        expiresAt: new Date(Date.now() + RESET_PASSWORD_TOKEN_TTL_HOURS * HOUR),
      });
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.deps.mail.enqueue(tx, passwordResetMail(user, link));
    });
    this.deps.mail.kick();
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
    const holder = await q.findTokenHolder(this.deps.db, tokenHash, 'RESET_PASSWORD');
    if (!holder) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
    if (holder.status !== 'ACTIVE') throw new AppError('ACCOUNT_NOT_ACTIVE');
    if (await verifyPassword(holder.passwordHash, input.newPassword))
      throw new AppError('SAME_PASSWORD_ERROR');
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      const userId = await q.consumeAuthToken(tx, tokenHash, 'RESET_PASSWORD');
      if (userId !== holder.id) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
      await q.replacePassword(tx, userId, passwordHash);
      await q.voidOtherTokens(tx, userId, 'RESET_PASSWORD', tokenHash);
      // The link came by mail, so following it proves the address.
      await q.markEmailVerified(tx, userId);
    });
    // replacePassword bumped the token version, which every sign-in counter of the account is
    // keyed by (login-throttle.ts): the owner can sign in at once, from anywhere.
  }

  /** Changes the password, ends every other session and returns a new token for this one. */
  async changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string; confirmPassword: string },
    ip: string | null = null,
  ): Promise<{ token: string }> {
    const problem = changePasswordError(input);
    if (problem) throw validationError([{ field: 'newPassword', message: problem }]);
    refuseCommonPassword('newPassword', input.newPassword);
    const user = await q.findUserById(this.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('CURRENT_PASSWORD_INCORRECT');
    if (input.newPassword === input.currentPassword) throw new AppError('SAME_PASSWORD_ERROR');
    const hash = await hashPassword(input.newPassword);
    const version = await this.deps.db.transaction(async (tx) => {
      const next = await q.replacePassword(tx, userId, hash);
      if (user.isAdmin)
        await this.deps.audit.record(
          tx,
          { id: user.id, email: user.email, ip },
          { action: 'ADMIN_PASSWORD_CHANGED', target: { type: 'user', id: user.id } },
        );
      return next;
    });
    return {
      token: await this.deps.tokens.sign({ userId, version }, await this.sessionTtl(user.isAdmin)),
    };
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
    const root = await this.createAccount({
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

  /** The administrator of ADMIN_EMAIL/ADMIN_PASSWORD, created when absent. */
  async ensureAdmin(email: string, password: string): Promise<boolean> {
    const normalised = normaliseEmail(email);
    const existing = await q.findUserByEmail(this.deps.db, normalised);
    if (existing) {
      if (!existing.isAdmin)
        this.deps.log.warn(
          { email: normalised },
          'ADMIN_EMAIL belongs to a member account; no administrator created',
        );
      return false;
    }
    // Configuration, not a form: refusing would stop the start, so the operator is told instead.
    if (isCommonPassword(password))
      this.deps.log.warn(
        { email: normalised },
        'ADMIN_PASSWORD is on the common-password blocklist; change it after the first sign-in',
      );
    await this.createAccount({
      firstName: 'Platform',
      lastName: 'Admin',
      email: normalised,
      password,
      referrerId: null,
      isAdmin: true,
      emailVerified: true,
    });
    return true;
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

  private async throttle(key: string, rule: RateRule): Promise<void> {
    const decision = await this.deps.limiter.consume(key, rule);
    if (!decision.allowed)
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: decision.retryAfterSeconds });
  }
}

/** A password from the common-password blocklist, refused as a field error of `field`. */
function refuseCommonPassword(field: string, password: string): void {
  if (isCommonPassword(password))
    throw validationError([{ field, message: COMMON_PASSWORD_MESSAGE }]);
}
