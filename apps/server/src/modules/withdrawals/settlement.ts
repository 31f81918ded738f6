import { microText } from '@ctn/contracts/money-display';
import type { WithdrawalStatus } from '@ctn/contracts/constants';
import { explorerTxUrl } from '@ctn/contracts/explorer';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Actor, AuditService } from '../audit/audit.service';
import { LedgerOverdraftError, postEntry } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import { withdrawalDecisionMail } from './withdrawal-mails';
import * as q from './withdrawals.queries';

/** How a PENDING request ends: paid, returned by an administrator, or withdrawn by its member. */
export interface Decision {
  status: Exclude<WithdrawalStatus, 'PENDING'>;
  reason: string | null;
  transactionHash: string | null;
}

type LockedWithdrawal = NonNullable<Awaited<ReturnType<typeof q.lockWithdrawal>>>;

/**
 * Ends a PENDING request whose row the caller's transaction holds locked: approval moves the
 * held amount from pending to withdrawn, every other ending returns it to available, and the
 * request records the decision. One home for the money of every ending, whoever decides it.
 */
export async function settleHeld(
  tx: Db,
  current: LockedWithdrawal,
  decision: Decision,
  processedBy: string,
): Promise<void> {
  if (current.status !== 'PENDING') throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
  // A signed payout may still be mined: only its own hash may settle the request (decision 045:
  // a rejection or cancel goes through PayoutsService.abandon, which cancels it on chain first).
  if (
    ['SENDING', 'CANCELLING', 'CONFIRMING'].includes(current.payoutState) &&
    (decision.status !== 'APPROVED' ||
      decision.transactionHash?.toLowerCase() !== current.transactionHash?.toLowerCase())
  )
    throw new AppError('PAYOUT_IN_PROGRESS');
  const micro = BigInt(current.amountMicro);
  const approved = decision.status === 'APPROVED';
  try {
    await postEntry(tx, {
      userId: current.userId,
      kind: approved ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_RETURNED',
      sourceKey: `withdrawal:${current.id}`,
      delta: approved
        ? { pending: -micro, withdrawn: micro }
        : { pending: -micro, available: micro },
      memo: decision.reason ?? (approved ? 'Withdrawal paid' : 'Withdrawal returned'),
    });
  } catch (err) {
    if (err instanceof LedgerOverdraftError)
      throw new AppError('INSUFFICIENT_BALANCE_FOR_APPROVAL');
    throw err;
  }
  try {
    await q.settle(tx, current.id, { ...decision, processedBy });
  } catch (err) {
    if (isUniqueViolation(err, 'withdrawals_approved_hash_unique'))
      throw new AppError('TRANSACTION_ALREADY_USED');
    throw err;
  }
}

/**
 * Approvals wait while the member's withdrawals are frozen (decision 040): the request stays
 * PENDING (the member may cancel it, an administrator may reject it) until the freeze ends or
 * an administrator lifts it. The member's row is read for share, so an approval racing a
 * freeze waits for it and then sees it.
 */
export async function refuseIfFrozen(tx: Db, userId: string): Promise<void> {
  const freeze = await q.withdrawalFreezeOf(tx, userId, { lock: true });
  if (freeze)
    throw new AppError(
      'MEMBER_WITHDRAWALS_FROZEN',
      freeze,
      freeze.until === null
        ? "The member froze this account's withdrawals from a mail link: the request stays pending until an administrator lifts the freeze on the member's page."
        : `This member's withdrawals are frozen until ${freeze.until.slice(0, 16).replace('T', ' ')} UTC after a second-factor reset: approve the request after that.`,
    );
}

/**
 * An administrator's (or a mined payout's) ending of a request: the money (settleHeld), the
 * member's decision mail and the audit entry, in the caller's transaction. Its own piece, so the
 * review and the payouts both use it without needing each other.
 */
export class WithdrawalSettlement {
  constructor(
    private readonly audit: AuditService,
    private readonly explorerUrl: string | null,
    /** The member's decision mail, queued with the decision; its link points to /rewards. */
    private readonly notify: { mail: MailService; publicUrl: string },
  ) {}

  /**
   * Settles a PENDING request inside the caller's transaction: approval moves pending to
   * withdrawn, rejection and blocking return it to available; audited. A processed request
   * never changes (WITHDRAWAL_ALREADY_PROCESSED).
   */
  async settle(tx: Db, id: string, decision: Decision, actor: Actor): Promise<void> {
    const current = await q.lockWithdrawal(tx, id);
    if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
    await settleHeld(tx, current, decision, actor.id);
    await this.mailMember(tx, id, decision);
    await this.audit.record(tx, actor, {
      action: 'WITHDRAWAL_REVIEWED',
      target: { type: 'withdrawal', id },
      // `before` keeps the hash of a failed automatic payout; the request shows only its own.
      before: { status: current.status, transactionHash: current.transactionHash },
      after: {
        status: decision.status,
        reason: decision.reason,
        transactionHash: decision.transactionHash,
      },
    });
  }

  /** The member's mail about the decision, in its transaction (a member's own cancel sends none). */
  private async mailMember(tx: Db, id: string, decision: Decision): Promise<void> {
    if (decision.status === 'CANCELLED') return;
    const row = await q.findWithdrawal(tx, id);
    if (!row) return;
    const hash = decision.transactionHash;
    await this.notify.mail.enqueue(
      tx,
      withdrawalDecisionMail(
        row,
        {
          status: decision.status,
          amount: microText(row.amountMicro, 'exact'),
          walletAddress: row.walletAddress,
          reason: decision.reason,
          // Without an explorer (decision 035) the mail names the hash itself.
          txUrl: hash ? (explorerTxUrl(this.explorerUrl, hash) ?? hash) : null,
        },
        `${this.notify.publicUrl}/rewards`,
      ),
    );
  }
}
