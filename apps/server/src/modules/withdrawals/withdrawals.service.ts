import { microText } from '@ctn/contracts/money-display';
import type {
  CreateWithdrawalRequest,
  Withdrawal,
  WithdrawalsQuery,
  WithdrawalsResponse,
} from '@ctn/contracts/withdrawals';
import { isWalletAddress, withHexPrefix } from '@ctn/contracts/validation';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import { LedgerOverdraftError, postEntry } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import type { OtpService } from './otp.service';
import { newAddressNoticeMail, withdrawalAlertMail } from './withdrawal-mails';
import { memberView, withdrawalsPagination } from './withdrawal-view';
import { settleHeld } from './settlement';
import type { PayoutPort } from './withdrawal-review.service';
import { amountToMicro } from './withdrawal-amount';
import * as q from './withdrawals.queries';
import { isUuid } from '../../lib/values';

/** The reason a cancelled request shows, to its member and to administrators. */
export const CANCELLED_REASON = 'Cancelled by the member';

/**
 * A member's withdrawal requests (DESIGN.md section 4 "Withdrawals"): after the mailed code, the
 * amount moves from available to pending with the request, in one transaction whose every
 * guard is in the database (the balance CHECK, one pending request per member and per address).
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly otp: OtpService,
    private readonly settings: SettingsService,
    private readonly explorerUrl: string | null,
    /**
     * The administrators' new-withdrawal alert mail (when switched on in the settings), and the
     * account's security hold: withdrawals wait a day after a password reset or a 2FA change.
     */
    private readonly alerts: {
      mail: MailService;
      publicUrl: string;
      frozenUntil: (userId: string) => Promise<Date | null>;
      /**
       * The account's second factor: whether it is on, and the check of a code with the wrong
       * codes counted (TwoFactorService.requireCode): every withdrawal of a member who has one
       * needs a current code (decision 040).
       */
      secondFactor: {
        isEnabled: (userId: string) => Promise<boolean>;
        requireCode: (userId: string, code: string) => Promise<void>;
      };
      /** The request or its cancellation in the member's security log, in its transaction. */
      logEvent: (
        tx: Db,
        userId: string,
        kind: 'WITHDRAWAL_REQUESTED' | 'WITHDRAWAL_CANCELLED',
      ) => Promise<void>;
      /** A payout the hot wallet signed is cancelled on chain before a cancel (decision 045). */
      payouts: Pick<PayoutPort, 'abandon'>;
    },
  ) {
    this.ownPage = q.memberWithdrawalsPage(db);
  }

  private readonly ownPage: ReturnType<typeof q.memberWithdrawalsPage>;

  async create(userId: string, request: CreateWithdrawalRequest): Promise<Withdrawal> {
    const { micro, address } = await this.validate(userId, request);
    const { secondFactor } = this.alerts;
    if (await secondFactor.isEnabled(userId)) {
      if (!request.totpCode) throw new AppError('TWO_FACTOR_REQUIRED');
      await secondFactor.requireCode(userId, request.totpCode);
    }
    const code = await this.otp.check(userId, request.otp);
    // A code mailed for one withdrawal confirms that one only: the mail told the member what
    // they were approving, so another amount or address needs its own code.
    if (
      code.intent &&
      (code.intent.amountMicro !== micro ||
        code.intent.walletAddress.toLowerCase() !== address.toLowerCase())
    )
      throw new AppError('OTP_INTENT_MISMATCH');
    return this.hold(userId, micro, address, code.id);
  }

  /**
   * The guarded hold, once the code was checked: the request, the code's use and the ledger
   * entry commit together or not at all.
   */
  private async hold(
    userId: string,
    micro: bigint,
    address: string,
    otpId: string,
  ): Promise<Withdrawal> {
    const id = randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        await q.insertWithdrawal(tx, { id, userId, amountMicro: micro, walletAddress: address });
        if (!(await this.otp.consume(tx, otpId, id))) throw new AppError('OTP_INVALID');
        await postEntry(tx, {
          userId,
          kind: 'WITHDRAWAL_HOLD',
          sourceKey: `withdrawal:${id}`,
          delta: { available: -micro, pending: micro },
          memo: `Withdrawal to ${address}`,
        });
        await this.queueAlerts(tx, id);
        await this.noticeNewAddress(tx, userId, id, address);
        await this.alerts.logEvent(tx, userId, 'WITHDRAWAL_REQUESTED');
      });
    } catch (err) {
      if (err instanceof LedgerOverdraftError) throw new AppError('INSUFFICIENT_BALANCE');
      if (isUniqueViolation(err, 'withdrawals_one_pending_per_member'))
        throw new AppError('TOO_MANY_PENDING_WITHDRAWALS');
      if (isUniqueViolation(err, 'withdrawals_one_pending_per_address'))
        throw new AppError('WALLET_ADDRESS_IN_USE');
      throw err;
    }
    this.alerts.mail.kick();
    return this.getOwn(userId, id);
  }

  /**
   * POST /withdrawals/{id}/cancel: the member withdraws their own PENDING request and the held
   * amount returns to available at once. A request already decided, or whose payout is being
   * sent, stays as it is; the row lock orders a cancel against a simultaneous review.
   */
  async cancelOwn(userId: string, id: string): Promise<Withdrawal> {
    if (!isUuid(id)) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const own = await q.findWithdrawal(this.db, id);
    if (!own || own.userId !== userId) throw new AppError('WITHDRAWAL_NOT_FOUND');
    // A payout the hot wallet signed is cancelled on chain before the money is returned.
    const abandon = { status: 'CANCELLED' as const, reason: CANCELLED_REASON, by: userId };
    if ((await this.alerts.payouts.abandon(id, abandon)) === 'SETTLED')
      return this.getOwn(userId, id);
    await this.db.transaction(async (tx) => {
      const current = await q.lockWithdrawal(tx, id);
      if (!current || current.userId !== userId) throw new AppError('WITHDRAWAL_NOT_FOUND');
      await settleHeld(
        tx,
        current,
        { status: 'CANCELLED', reason: CANCELLED_REASON, transactionHash: null },
        userId,
      );
      await this.alerts.logEvent(tx, userId, 'WITHDRAWAL_CANCELLED');
    });
    return this.getOwn(userId, id);
  }

  /**
   * The first request to an address the member never used is mailed to them, in its
   * transaction (decision 040): a thief's first withdrawal goes to their own address.
   */
  private async noticeNewAddress(tx: Db, userId: string, id: string, address: string) {
    if (!(await q.addressNewToMember(tx, userId, address, id))) return;
    const row = await q.findWithdrawal(tx, id);
    if (!row) return;
    await this.alerts.mail.enqueue(
      tx,
      newAddressNoticeMail(
        row,
        { amount: microText(row.amountMicro, 'exact'), walletAddress: row.walletAddress },
        `${this.alerts.publicUrl}/rewards`,
      ),
    );
  }

  /** Mails every administrator about the new request, in its transaction, when alerts are on. */
  private async queueAlerts(tx: Db, id: string): Promise<void> {
    const admins = await this.settings.alertRecipients(tx, 'withdrawal');
    if (admins.length === 0) return;
    const row = await q.findWithdrawal(tx, id);
    if (!row) return;
    const withdrawal = {
      id,
      member: row,
      amount: microText(row.amountMicro, 'exact'),
      walletAddress: row.walletAddress,
    };
    for (const admin of admins)
      await this.alerts.mail.enqueue(
        tx,
        withdrawalAlertMail(admin, withdrawal, this.alerts.publicUrl),
      );
  }

  async listOwn(userId: string, query: WithdrawalsQuery): Promise<WithdrawalsResponse> {
    const { offset } = pageOf(query.page, query.limit, 0);
    const { rows, total } = await this.ownPage(userId, query.status, query.limit, offset);
    return {
      withdrawals: rows.map(memberView),
      pagination: withdrawalsPagination(query.page, query.limit, total),
      explorerUrl: this.explorerUrl,
    };
  }

  /** Every pending request: how many, how much, and how long the oldest has waited (metrics). */
  async pendingSummary(): Promise<{
    count: number;
    amountMicro: bigint;
    oldestSeconds: number | null;
  }> {
    const row = await q.pendingSummary(this.db);
    return {
      count: row.count,
      amountMicro: BigInt(row.amountMicro),
      oldestSeconds: row.oldestSeconds,
    };
  }

  /** GET /withdrawals/{id}: the caller's own request; anyone else's does not exist for them. */
  async getOwn(userId: string, id: string): Promise<Withdrawal> {
    const row = isUuid(id) ? await q.findWithdrawal(this.db, id) : undefined;
    if (!row || row.userId !== userId) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return memberView(row);
  }

  private async validate(userId: string, request: CreateWithdrawalRequest) {
    const address = request.walletAddress.trim();
    if (!isWalletAddress(address)) throw new AppError('INVALID_WALLET_ADDRESS');
    const micro = amountToMicro(request.amount);
    if (micro === null) throw new AppError('VALIDATION_ERROR', null, 'Invalid withdrawal amount');
    const policy = await this.settings.rewardPolicy();
    if (micro < policy.minimumWithdrawalMicro)
      throw new AppError(
        'WITHDRAWAL_BELOW_MINIMUM',
        { minimum: toUsdt(policy.minimumWithdrawalMicro) },
        `The minimum withdrawal is ${toUsdt(policy.minimumWithdrawalMicro)} USDT.`,
      );
    // The live rules, not the last compliance run's: a subscription that lapsed an hour ago
    // already stops withdrawals.
    const standing = await q.memberStanding(this.db, userId);
    if (!standing || standing.status !== 'ACTIVE' || standing.locked)
      throw new AppError('ACCOUNT_NOT_ACTIVE');
    if (!standing.paid)
      throw new AppError(
        'ACCOUNT_NOT_ACTIVE',
        { reason: 'SUBSCRIPTION_LAPSED' },
        'Renew your subscription to withdraw.',
      );
    if (!standing.linked)
      throw new AppError(
        'ACCOUNT_NOT_ACTIVE',
        { reason: 'EXCHANGE_NOT_LINKED' },
        'Link your BingX UID to withdraw.',
      );
    const freeze = await q.withdrawalFreezeOf(this.db, userId);
    if (freeze?.until === null) throw new AppError('WITHDRAWALS_FROZEN_BY_OWNER', freeze);
    if (freeze)
      throw new AppError(
        'WITHDRAWALS_FROZEN',
        freeze,
        `Withdrawals are on hold until ${utcMinute(freeze.until)} UTC: an administrator reset your two-factor authentication, and the hold protects your balance in case it was not you.`,
      );
    const frozenUntil = await this.alerts.frozenUntil(userId);
    if (frozenUntil)
      throw new AppError(
        'WITHDRAWALS_FROZEN',
        { until: frozenUntil.toISOString() },
        `Withdrawals are on hold until ${utcMinute(frozenUntil.toISOString())} UTC after a password reset or a two-factor change, to protect your balance.`,
      );
    return { micro, address: withHexPrefix(address) };
  }
}

/** "2026-11-28 14:05" of an ISO time, as refusals state when a hold ends. */
function utcMinute(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}
