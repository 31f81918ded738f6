import { createHmac } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@ctn/contracts/security';
import { RECOVERY_CODE_COUNT } from '@ctn/contracts/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { takeTurn, type RateLimiter } from '../../lib/rate-limiter';
import type { SecretBox } from '../../lib/secret-box';
import { randomString } from '../../lib/secure-token';
import { newTotpSecret, totpStep, totpUri } from './totp';
import * as q from './two-factor.queries';

/** What the sealed secrets are bound to (lib/secret-box.ts). */
const SEAL_PURPOSE = 'totp-secret';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Wrong codes while signed in (setup, switching off, new recovery codes): per account. */
const WRONG_CODES = { limit: 10, windowMs: 15 * 60_000 };

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  /** Keys the HMAC that recovery codes are stored as. */
  hmacKey: string;
  limiter: RateLimiter;
  now?: () => number;
}

/** How a sign-in code was accepted: an authenticator code, or one of the recovery codes. */
export type SecondFactorUse = 'TOTP' | 'RECOVERY_CODE';

/**
 * Two-factor sign-in (decision 015): an RFC 6238 authenticator secret per account, sealed at rest,
 * enrolled by proving one code, with single-use recovery codes. Each code works once: a used time
 * step or recovery code is taken in one guarded UPDATE.
 */
export class TwoFactorService {
  private readonly now: () => number;

  constructor(private readonly deps: TwoFactorDeps) {
    this.now = deps.now ?? Date.now;
  }

  async isEnabled(userId: string): Promise<boolean> {
    return Boolean((await q.findTwoFactor(this.deps.db, userId))?.enabledAt);
  }

  async status(userId: string, required: boolean): Promise<TwoFactorStatus> {
    const row = await q.findTwoFactor(this.deps.db, userId);
    const enabled = Boolean(row?.enabledAt);
    return {
      enabled,
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      required,
      recoveryCodesLeft: enabled ? await q.recoveryCodesLeft(this.deps.db, userId) : 0,
    };
  }

  /** A new secret to scan; it signs nothing in until `enable` proves it with a code. */
  async beginSetup(userId: string, account: string): Promise<TwoFactorSetup> {
    if (await this.isEnabled(userId)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await q.savePendingSecret(this.deps.db, userId, this.deps.box.seal(secret, SEAL_PURPOSE));
    return { secret, otpauthUri: totpUri(secret, account) };
  }

  /**
   * Enables the secret being set up once `code` proves the app shows it; the recovery codes.
   * `alongside` runs in the same transaction (the other sessions end, the change is logged).
   */
  async enable(
    userId: string,
    code: string,
    alongside: (tx: Db) => Promise<void>,
  ): Promise<RecoveryCodes> {
    const row = await q.findTwoFactor(this.deps.db, userId);
    if (row?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    if (!row) throw new AppError('TWO_FACTOR_NOT_STARTED');
    await this.throttleWrongCodes(userId);
    const step = totpStep(this.secretOf(row), code.trim(), this.now());
    if (step === null) throw new AppError('INVALID_TWO_FACTOR_CODE');
    return this.deps.db.transaction(async (tx) => {
      if (!(await q.enablePending(tx, userId, step))) throw new AppError('TWO_FACTOR_NOT_STARTED');
      await alongside(tx);
      return { recoveryCodes: await this.newRecoveryCodes(tx, userId) };
    });
  }

  /** Switches the second factor off after a right code (the caller checked the password). */
  async disable(userId: string, code: string): Promise<void> {
    await this.requireCode(userId, code);
    await this.deps.db.transaction((tx) => q.removeTwoFactor(tx, userId));
  }

  /** Removes an enabled factor in the caller's transaction (an administrator's reset); false when there is none. */
  async removeIn(tx: Db, userId: string): Promise<boolean> {
    if (!(await q.findTwoFactor(tx, userId))?.enabledAt) return false;
    await q.removeTwoFactor(tx, userId);
    return true;
  }

  /** New recovery codes after a right code; the old ones stop working. */
  async renewRecoveryCodes(userId: string, code: string): Promise<RecoveryCodes> {
    await this.requireCode(userId, code);
    return this.deps.db.transaction(async (tx) => ({
      recoveryCodes: await this.newRecoveryCodes(tx, userId),
    }));
  }

  /**
   * Whether `code` passes the account's second factor now: a current authenticator code not
   * used before, or an unused recovery code (used up by this call). Null when it does not.
   */
  async check(userId: string, code: string): Promise<SecondFactorUse | null> {
    const row = await q.findTwoFactor(this.deps.db, userId);
    if (!row?.enabledAt) return null;
    const given = code.trim();
    const step = totpStep(this.secretOf(row), given.replace(/\s/g, ''), this.now());
    if (step !== null) return (await q.useStep(this.deps.db, userId, step)) ? 'TOTP' : null;
    const recovery = normaliseRecoveryCode(given);
    if (
      recovery &&
      (await q.useRecoveryCode(this.deps.db, userId, this.hashRecovery(userId, recovery)))
    )
      return 'RECOVERY_CODE';
    return null;
  }

  /**
   * ADMIN_TOTP_SECRET: an administrator without a second factor signs in with this secret from
   * the start. One who has a factor keeps it (false), even when it differs: re-imposing the
   * secret at every start would undo a re-enrolment made after it leaked (decision 039).
   */
  async enrolWithSecret(userId: string, base32: string): Promise<boolean> {
    if (await this.isEnabled(userId)) return false;
    await q.saveEnabledSecret(this.deps.db, userId, this.deps.box.seal(base32, SEAL_PURPOSE));
    return true;
  }

  /** Whether the account's factor is this secret (the bootstrap's warning says whether it differs). */
  async hasSecret(userId: string, base32: string): Promise<boolean> {
    const row = await q.findTwoFactor(this.deps.db, userId);
    return Boolean(row?.enabledAt) && row !== undefined && this.secretOf(row) === base32;
  }

  /**
   * A right code of an account with the second factor on, the wrong ones counted (the budget of
   * WRONG_CODES): TWO_FACTOR_NOT_ENABLED, TOO_MANY_REQUESTS or INVALID_TWO_FACTOR_CODE otherwise.
   * Also what every withdrawal of such a member needs (decision 040).
   */
  async requireCode(userId: string, code: string): Promise<void> {
    if (!(await this.isEnabled(userId))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await this.throttleWrongCodes(userId);
    if (!(await this.check(userId, code))) throw new AppError('INVALID_TWO_FACTOR_CODE');
    await this.deps.limiter.reset(this.wrongCodesKey(userId));
  }

  /** Counts the attempt before the code is compared (a right one resets the count). */
  private async throttleWrongCodes(userId: string): Promise<void> {
    await takeTurn(this.deps.limiter, this.wrongCodesKey(userId), WRONG_CODES);
  }

  private wrongCodesKey(userId: string): string {
    return `two-factor:codes:${userId}`;
  }

  private async newRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
    const codes = Array.from(
      { length: RECOVERY_CODE_COUNT },
      () => `${randomString(RECOVERY_ALPHABET, 5)}-${randomString(RECOVERY_ALPHABET, 5)}`,
    );
    await q.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => this.hashRecovery(userId, c)),
    );
    return codes;
  }

  private hashRecovery(userId: string, code: string): string {
    return createHmac('sha256', this.deps.hmacKey).update(`${userId}:${code}`).digest('hex');
  }

  private secretOf(row: q.TwoFactorRow): string {
    return this.deps.box.open(row.secret, SEAL_PURPOSE);
  }
}

/** A recovery code as typed (any case, with or without its dash), or null if it cannot be one. */
function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== 10 || [...plain].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}
