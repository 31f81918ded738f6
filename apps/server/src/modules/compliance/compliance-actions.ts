import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import type { LockReason } from '@ctn/contracts/rewards';
import {
  daysSince,
  dueReminder,
  forfeitsAt,
  type ExchangeReading,
  type Verdict,
} from './compliance-rules';

/**
 * What enforcing a verdict does to one member, decided without writing (decision 038): an
 * enforced run applies it, a shadow run records it. One decision for both, so a shadow run shows
 * exactly what the same run would have done.
 */
export type Action =
  /** Not asked, or nothing to decide. */
  | { kind: 'none' }
  /** The exchange gave nothing usable: the member keeps their state. */
  | { kind: 'unknown'; reason: string }
  /** An exchange condition not yet confirmed a day apart. */
  | { kind: 'concern'; reasons: LockReason[] }
  /** A lock starts (mailed). */
  | { kind: 'lock'; reasons: LockReason[] }
  /** The running lock continues; nothing is due today. */
  | { kind: 'check'; reasons: LockReason[] }
  /** The running lock continues and the reminder of `day` (7, 21, 28) is due. */
  | { kind: 'remind'; reasons: LockReason[]; day: number; daysLeft: number; deadline: Date }
  /** Past the window: the locked bucket goes. */
  | { kind: 'forfeit'; reasons: LockReason[]; amountMicro: bigint; days: number; since: Date }
  /** Compliant: what is locked moves to available and a running lock ends. */
  | { kind: 'release'; amountMicro: bigint };

/** The member as the decision needs it (the row locked for the settlement). */
export interface MemberLockState {
  lockedSince: Date | null;
  mailDay: number | null;
  lockedMicro: bigint | null;
}

export function actionFor(member: MemberLockState, verdict: Verdict, now: Date): Action {
  switch (verdict.kind) {
    case 'none':
    case 'concern':
      return verdict;
    case 'unknown':
      return { kind: 'unknown', reason: verdict.reason };
    // Locked funds can exist without a lock: credits made while the subscription had lapsed.
    case 'release':
      return { kind: 'release', amountMicro: member.lockedMicro ?? 0n };
    case 'enforce':
      break;
  }
  const { reasons } = verdict;
  const since = member.lockedSince;
  if (!since) return { kind: 'lock', reasons };
  const days = daysSince(since, now);
  if (days < COMPLIANCE_GRACE_DAYS) {
    const day = dueReminder(days, member.mailDay ?? 0);
    if (day === null) return { kind: 'check', reasons };
    const daysLeft = COMPLIANCE_GRACE_DAYS - days;
    return { kind: 'remind', reasons, day, daysLeft, deadline: forfeitsAt(since) };
  }
  // Past the window the whole locked bucket goes, and keeps going while the member stays
  // non-compliant (credits locked later are forfeited by the next day's run).
  const amountMicro = member.lockedMicro ?? 0n;
  if (amountMicro <= 0n) return { kind: 'check', reasons };
  return { kind: 'forfeit', reasons, amountMicro, days, since };
}

/**
 * The reading with COPYING_STOPPED taken out: while no linked member has ever shown copy-trading
 * volume, a zero proves nothing (the field may not be the one that moves for our copiers), so
 * the rule waits (decision 038). Only this reason: a low balance still counts.
 */
export function withoutCopyingRule(reading: ExchangeReading): ExchangeReading {
  return reading.known
    ? { known: true, facts: { ...reading.facts, copyingStopped: false } }
    : reading;
}
