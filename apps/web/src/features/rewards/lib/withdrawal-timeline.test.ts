import { describe, expect, it } from 'vitest';
import { makeWithdrawal } from '../testing-fixtures';
import { reviewDueAt, withdrawalTimeline } from './withdrawal-timeline';

const REQUESTED = '2025-03-04T10:00:00.000Z';
const PROCESSED = '2025-03-04T15:30:00.000Z';
const HASH = `0x${'ab'.repeat(32)}`;

const summary = (w: Parameters<typeof withdrawalTimeline>[0]) =>
  withdrawalTimeline(w).map((s) => `${s.label}:${s.state}:${s.at ?? '-'}`);

describe('withdrawalTimeline', () => {
  it('puts a new request in review with the stated review time', () => {
    const steps = withdrawalTimeline(makeWithdrawal(1, { requestedAt: REQUESTED }), 24);
    expect(steps.map((s) => `${s.label}:${s.state}`)).toEqual([
      'Requested:done',
      'In review:current',
      'Approved:upcoming',
      'Sent:upcoming',
      'Confirmed on chain:upcoming',
    ]);
    expect(steps[1]).toMatchObject({
      at: REQUESTED,
      note: 'Requests are reviewed within 24 hours.',
      dueBy: '2025-03-05T10:00:00.000Z',
    });
    expect(reviewDueAt(REQUESTED, 2)).toBe('2025-03-04T12:00:00.000Z');
  });

  it('shows a hot-wallet transfer on its way, then confirmed at the settled time', () => {
    expect(summary(makeWithdrawal(1, { requestedAt: REQUESTED, payout: 'SENDING' }))).toEqual([
      `Requested:done:${REQUESTED}`,
      `In review:done:${REQUESTED}`,
      'Approved:done:-',
      'Sent:current:-',
      'Confirmed on chain:upcoming:-',
    ]);
    const paid = makeWithdrawal(1, {
      requestedAt: REQUESTED,
      status: 'APPROVED',
      payout: 'SENT',
      processedAt: PROCESSED,
      transactionHash: HASH,
    });
    expect(summary(paid).slice(2)).toEqual([
      'Approved:done:-',
      'Sent:done:-',
      `Confirmed on chain:done:${PROCESSED}`,
    ]);
  });

  it('shows a failed transfer as stopped at the sending step, not as rejected', () => {
    const steps = withdrawalTimeline(makeWithdrawal(1, { payout: 'FAILED' }));
    expect(steps[3]).toMatchObject({ label: 'Transfer failed', state: 'stopped' });
    expect(steps[3]?.note).toContain('stays reserved');
  });

  it('separates an approval paid by hand from one whose payment is still pending', () => {
    const approved = { status: 'APPROVED' as const, processedAt: PROCESSED };
    expect(summary(makeWithdrawal(1, approved)).slice(2)).toEqual([
      `Approved:done:${PROCESSED}`,
      'Sent:current:-',
      'Confirmed on chain:upcoming:-',
    ]);
    expect(withdrawalTimeline(makeWithdrawal(1, approved))[3]?.note).toMatch(/^Payment pending/);
    expect(summary(makeWithdrawal(1, { ...approved, transactionHash: HASH })).slice(3)).toEqual([
      'Sent:done:-',
      'Confirmed on chain:current:-',
    ]);
  });

  it('ends rejected, blocked and cancelled requests where they stopped, with the reason', () => {
    const rejected = withdrawalTimeline(
      makeWithdrawal(1, { status: 'REJECTED', processedAt: PROCESSED, reason: 'Wrong address.' }),
    );
    expect(rejected.map((s) => s.label)).toEqual(['Requested', 'In review', 'Rejected']);
    expect(rejected[2]).toMatchObject({
      state: 'stopped',
      at: PROCESSED,
      note: 'Wrong address. The amount was returned to your available balance.',
    });
    const blocked = withdrawalTimeline(
      makeWithdrawal(1, { status: 'BLOCKED_COMPLIANCE', processedAt: PROCESSED, reason: null }),
    );
    expect(blocked[2]).toMatchObject({ label: 'Blocked (compliance)', state: 'stopped' });
    expect(summary(makeWithdrawal(1, { status: 'CANCELLED', processedAt: PROCESSED }))).toEqual([
      `Requested:done:2025-03-04T10:00:00.000Z`,
      `Cancelled:stopped:${PROCESSED}`,
    ]);
  });
});
