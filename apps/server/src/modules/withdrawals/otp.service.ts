import { microText } from '@ctn/contracts/money-display';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@ctn/contracts/constants';
import {
  OTP_RESEND_COOLDOWN_SECONDS,
  type OtpRequest,
  type OtpRequestResponse,
  type OtpStatus,
} from '@ctn/contracts/withdrawals';
import { isOtp, isWalletAddress, withHexPrefix } from '@ctn/contracts/validation';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MailService } from '../mail/mail.service';
import { withdrawalCodeMail } from './withdrawal-mails';
import { amountToMicro } from './withdrawal-amount';
import * as q from './otp.queries';
import { MINUTE_MS } from '@ctn/contracts/time';

/** At most this many codes per member and hour, whatever the cooldown. */
const CODES_PER_HOUR = 10;

export interface OtpDeps {
  db: Db;
  mail: MailService;
  /** Codes are stored as an HMAC with this secret: a leaked table does not give them away. */
  secret: string;
  findMember(userId: string): Promise<{ email: string; firstName: string } | undefined>;
}

/**
 * Withdrawal one-time codes (DESIGN.md section 4 "Withdrawals"): 6 random digits, mailed, valid
 * 10 minutes, at most 5 wrong tries, single use. A new code voids the open ones.
 */
export class OtpService {
  constructor(private readonly deps: OtpDeps) {}

  async request(
    userId: string,
    intent: OtpRequest = null,
    now = new Date(),
  ): Promise<OtpRequestResponse> {
    const { db } = this.deps;
    const member = await this.deps.findMember(userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    const latest = await q.latestCode(db, userId);
    const resendAt = (from: Date) => new Date(from.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000);
    // The wait keeps a mailbox from being flooded with codes for one request; once a request
    // used the code, the next withdrawal may have its own at once (the hourly cap still holds).
    if (latest && latest.usedAt === null && resendAt(latest.createdAt) > now)
      throw new AppError('OTP_RESEND_TOO_SOON', {
        resendAvailableAt: resendAt(latest.createdAt).toISOString(),
      });
    if (
      (await q.countSince(db, userId, new Date(now.getTime() - 60 * MINUTE_MS))) >= CODES_PER_HOUR
    )
      throw new AppError('TOO_MANY_REQUESTS');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS);
    const stated = intentOf(intent);
    await db.transaction(async (tx) => {
      await q.replaceCodes(tx, userId, this.hash(userId, code), expiresAt, stated);
      await this.deps.mail.enqueue(
        tx,
        withdrawalCodeMail(
          member,
          code,
          stated && {
            amount: microText(stated.amountMicro, 'exact'),
            walletAddress: stated.walletAddress,
          },
        ),
      );
    });
    this.deps.mail.kick();
    return { expiresAt: expiresAt.toISOString(), resendAvailableAt: resendAt(now).toISOString() };
  }

  /** POST /otp/withdrawal/verify: the code is right (it stays usable for the request). */
  async verify(userId: string, otp: string, now = new Date()): Promise<{ expiresAt: string }> {
    const code = await this.check(userId, otp, now);
    await q.markVerified(this.deps.db, code.id);
    return { expiresAt: code.expiresAt.toISOString() };
  }

  /**
   * Whether `otp` is the member's open code. A try is taken before the comparison, atomically,
   * so parallel verifies can never compare more than 5 codes; a right code gives its try back,
   * the fifth wrong one voids the code. Committed on its own, so a wrong try counts even when
   * what follows fails.
   */
  async check(userId: string, otp: string, now = new Date()) {
    const given = otp.trim();
    if (given === '') throw new AppError('OTP_REQUIRED');
    const open = await q.newestOpenCode(this.deps.db, userId);
    if (!open) throw new AppError('OTP_INVALID');
    if (open.expiresAt <= now) throw new AppError('OTP_EXPIRED');
    const tries = await q.takeTry(this.deps.db, open.id, OTP_MAX_ATTEMPTS);
    if (tries === undefined) throw new AppError('OTP_TOO_MANY_ATTEMPTS', { attemptsLeft: 0 });
    if (isOtp(given) && sameHash(open.codeHash, this.hash(userId, given))) {
      await q.giveBackTry(this.deps.db, open.id);
      return open;
    }
    if (tries >= OTP_MAX_ATTEMPTS) await q.voidCode(this.deps.db, open.id);
    throw new AppError(tries >= OTP_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID', {
      attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - tries),
    });
  }

  async status(userId: string, now = new Date()): Promise<OtpStatus> {
    const latest = await q.latestCode(this.deps.db, userId);
    const open = await q.newestOpenCode(this.deps.db, userId);
    const active = open !== undefined && open.expiresAt > now;
    return {
      active,
      verified: active && open.verifiedAt !== null,
      expiresAt: active ? open.expiresAt.toISOString() : null,
      attemptsLeft: active ? OTP_MAX_ATTEMPTS - open.attempts : 0,
      resendAvailableAt:
        latest && latest.usedAt === null
          ? new Date(latest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000).toISOString()
          : null,
    };
  }

  /**
   * Uses a checked code for the withdrawal `withdrawalId`, in the request's transaction; false
   * when another request used it first (or it lapsed meanwhile).
   */
  consume(tx: Db, otpId: string, withdrawalId: string): Promise<boolean> {
    return q.consumeCode(tx, otpId, withdrawalId);
  }

  /** The stored form of a member's code (tests make codes with it). */
  hash(userId: string, code: string): string {
    return createHmac('sha256', this.deps.secret).update(`${userId}:${code}`).digest('hex');
  }
}

/**
 * The withdrawal the mail states and the code is bound to: both figures, an address of the right
 * shape and an amount in micro-USDT; anything else is left out of the mail (and the code is not
 * bound) rather than shown wrong.
 */
function intentOf(intent: OtpRequest): { amountMicro: bigint; walletAddress: string } | null {
  if (!intent?.amount || !intent.walletAddress || !isWalletAddress(intent.walletAddress))
    return null;
  const micro = amountToMicro(intent.amount);
  if (micro === null) return null;
  return { amountMicro: micro, walletAddress: withHexPrefix(intent.walletAddress) };
}

/** Two HMAC hex digests compared in constant time (the comparison reveals nothing by timing). */
function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
