import type { WithdrawalStatus } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { LedgerOverdraftError, postEntry } from '../ledger/ledger.service';
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
  // A signed payout may still be mined: only its own hash may settle the request.
  if (
    current.payoutState === 'SENDING' &&
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
