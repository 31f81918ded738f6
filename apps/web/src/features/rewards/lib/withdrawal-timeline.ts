import { WITHDRAWAL_REVIEW_HOURS } from '@ctn/contracts/constants';
import type { Withdrawal } from '@ctn/contracts/withdrawals';

/**
 * done: reached (at its time when we recorded one); current: where the request stands now;
 * upcoming: not reached yet; stopped: the request ended here (rejected, blocked, cancelled) or
 * this step failed.
 */
export type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface TimelineStep {
  label: string;
  state: StepState;
  /** ISO time the step was reached; null when not reached or when no time was recorded. */
  at: string | null;
  note: string | null;
  /** The step in review: when the stated review time runs out. */
  dueBy?: string;
}

const RETURNED = 'The amount was returned to your available balance.';

const step = (
  label: string,
  state: StepState,
  at: string | null = null,
  note: string | null = null,
) => ({ label, state, at, note }) satisfies TimelineStep;

/** The time by which a request made at `requestedAt` is promised a review. */
export function reviewDueAt(requestedAt: string, hours = WITHDRAWAL_REVIEW_HOURS): string {
  return new Date(Date.parse(requestedAt) + hours * 3_600_000).toISOString();
}

/**
 * The one mapping from what the server says of a request (status, hot-wallet payout state, hash,
 * times) to the steps the member reads: requested, in review, approved, sent, confirmed on
 * chain, or the branch it ended in. A new status or payout state is one more case here.
 *
 * Times are only those the server recorded: the request (`requestedAt`) and the decision
 * (`processedAt`). A hot-wallet payout is settled when its receipt is final, so there
 * `processedAt` is the confirmation, and the approval and broadcast times are not known.
 */
export function withdrawalTimeline(
  w: Withdrawal,
  reviewHours = WITHDRAWAL_REVIEW_HOURS,
): TimelineStep[] {
  const requested = step('Requested', 'done', w.requestedAt);
  // A request enters review the moment it is made: there is no queue before it.
  const reviewed = step('In review', 'done', w.requestedAt);
  const ended = (label: string, note: string | null) => [
    requested,
    reviewed,
    step(label, 'stopped', w.processedAt, note),
  ];
  switch (w.status) {
    case 'PENDING':
      if (w.payout === 'SENDING' || w.payout === 'SENT')
        return [
          requested,
          reviewed,
          step('Approved', 'done'),
          step('Sent', 'current', null, 'The transfer is on its way to the BNB Smart Chain.'),
          step('Confirmed on chain', 'upcoming'),
        ];
      if (w.payout === 'FAILED')
        return [
          requested,
          reviewed,
          step('Approved', 'done'),
          step(
            'Transfer failed',
            'stopped',
            null,
            'The transfer did not go through. The amount stays reserved for you until it is sent again or the request is declined.',
          ),
          step('Confirmed on chain', 'upcoming'),
        ];
      return [
        requested,
        {
          ...step('In review', 'current', w.requestedAt),
          note: `Requests are reviewed within ${reviewHours} hours.`,
          dueBy: reviewDueAt(w.requestedAt, reviewHours),
        },
        step('Approved', 'upcoming'),
        step('Sent', 'upcoming'),
        step('Confirmed on chain', 'upcoming'),
      ];
    case 'APPROVED':
      if (w.payout === 'SENT')
        return [
          requested,
          reviewed,
          step('Approved', 'done'),
          step('Sent', 'done'),
          step('Confirmed on chain', 'done', w.processedAt, 'The transfer is final on chain.'),
        ];
      if (!w.transactionHash)
        return [
          requested,
          reviewed,
          step('Approved', 'done', w.processedAt),
          step('Sent', 'current', null, 'Payment pending: the transfer has not been made yet.'),
          step('Confirmed on chain', 'upcoming'),
        ];
      return [
        requested,
        reviewed,
        step('Approved', 'done', w.processedAt),
        step('Sent', 'done', null, 'Paid by the administrator with the transaction shown.'),
        step(
          'Confirmed on chain',
          'current',
          null,
          'Follow the transaction on the block explorer to see its confirmations.',
        ),
      ];
    case 'REJECTED':
      return ended('Rejected', [w.reason, RETURNED].filter(Boolean).join(' '));
    case 'BLOCKED_COMPLIANCE':
      return ended('Blocked (compliance)', [w.reason, RETURNED].filter(Boolean).join(' '));
    case 'CANCELLED':
      return [
        requested,
        step('Cancelled', 'stopped', w.processedAt, `You cancelled it. ${RETURNED}`),
      ];
  }
}
