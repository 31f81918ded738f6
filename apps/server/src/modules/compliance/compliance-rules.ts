import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import { LOCK_REASONS, type LockReason } from '@ctn/contracts/rewards';
import { dayOf, exchangeDayAt } from '../../integrations/exchange/bingx-days';
import { DAY_MS } from '@ctn/contracts/time';

/** The rules of the daily compliance check (DESIGN.md section 4 "Compliance"), free of I/O. */

export const REMINDER_DAYS = [7, 21, 28] as const;

/** What the exchange told us about one member in this run. */
export interface ExchangeFacts {
  lowBalance: boolean;
  copyingStopped: boolean;
}

/** The exchange's answer for one member in this run: facts, or unknown and why. */
export type ExchangeReading =
  { known: true; facts: ExchangeFacts } | { known: false; reason: string };

export interface MemberState {
  status: string;
  paidUntil: Date | null;
  bingxUid: string | null;
}

/** A condition the exchange reports must be seen again this long after the first time. */
export const CONFIRM_AFTER_MS = DAY_MS;
/** A run whose exchange answer would newly lock more than this share of linked members is held... */
export const MASS_LOCK_SHARE = 0.2;
/** ...when that is at least this many members (a small network's single lock is no alarm). */
export const MASS_LOCK_MIN = 5;

/** The exchange's reasons in a known reading. */
export function exchangeReasons(facts: ExchangeFacts): LockReason[] {
  const reasons: LockReason[] = [];
  if (facts.lowBalance) reasons.push('LOW_BALANCE');
  if (facts.copyingStopped) reasons.push('COPYING_STOPPED');
  return reasons;
}

export type Verdict =
  /** Lock now, or keep the running lock (with these reasons). */
  | { kind: 'enforce'; reasons: LockReason[] }
  /** Compliant: release what is locked, end the lock. */
  | { kind: 'release' }
  /** An exchange condition seen without a confirmation a day apart yet (these reasons). */
  | { kind: 'concern'; reasons: LockReason[] }
  /** Nothing usable learned: keep everything as it is. */
  | { kind: 'unknown'; reason: string }
  /** Not asked (or nothing to decide). */
  | { kind: 'none' };

/**
 * The decision for one member (decision 017). Our own database's reasons are known facts and
 * act at once. The exchange's act only when known: a first sighting is a concern, and locks
 * once seen again at least a day later; a running lock continues (and may be forfeited) only
 * on a check that confirms it. Unknown keeps the previous state.
 */
export function verdictFor(
  member: MemberState & {
    lockedSince: Date | null;
    concernSince: Date | null;
    reasons: readonly string[];
  },
  reading: ExchangeReading | undefined,
  now: Date,
): Verdict {
  const fromDatabase = databaseReasons(member, now);
  if (fromDatabase.length > 0) {
    const fresh = reading?.known ? reading.facts : undefined;
    return { kind: 'enforce', reasons: allReasons(fromDatabase, fresh, member.reasons) };
  }
  if (!reading) return { kind: 'none' };
  if (!reading.known) return { kind: 'unknown', reason: reading.reason };
  const reasons = allReasons([], reading.facts, []);
  if (reasons.length === 0) return { kind: 'release' };
  if (member.lockedSince) return { kind: 'enforce', reasons };
  const confirmed =
    member.concernSince !== null &&
    now.getTime() - member.concernSince.getTime() >= CONFIRM_AFTER_MS;
  return { kind: confirmed ? 'enforce' : 'concern', reasons };
}

/** Whether a verdict starts a lock that is not running yet. */
export const startsLock = (verdict: Verdict, lockedSince: Date | null): boolean =>
  verdict.kind === 'enforce' && lockedSince === null;

const EXCHANGE_REASONS: readonly LockReason[] = ['LOW_BALANCE', 'COPYING_STOPPED'];

/** Reasons our own database states; no exchange call is needed to know them. */
export function databaseReasons(member: MemberState, now: Date): LockReason[] {
  const reasons: LockReason[] = [];
  if (member.status === 'LOCKED') reasons.push('ACCOUNT_LOCKED');
  if (!member.paidUntil || member.paidUntil <= now) reasons.push('SUBSCRIPTION_LAPSED');
  if (!member.bingxUid) reasons.push('EXCHANGE_NOT_LINKED');
  return reasons;
}

/**
 * All reasons of a member: the database's, plus the exchange's from this run, or, when the
 * exchange was not asked (the member is locked by the database anyway), those stored last time.
 */
export function allReasons(
  fromDatabase: LockReason[],
  fresh: ExchangeFacts | undefined,
  stored: readonly string[],
): LockReason[] {
  const reasons = new Set<string>(fromDatabase);
  if (fresh) {
    if (fresh.lowBalance) reasons.add('LOW_BALANCE');
    if (fresh.copyingStopped) reasons.add('COPYING_STOPPED');
  } else {
    for (const reason of stored)
      if ((EXCHANGE_REASONS as readonly string[]).includes(reason)) reasons.add(reason);
  }
  // One order everywhere: the dashboard shows the first reason as the main one.
  return LOCK_REASONS.filter((reason) => reasons.has(reason));
}

/** Whole days since the lock started. */
export const daysSince = (since: Date, now: Date): number =>
  Math.floor((now.getTime() - since.getTime()) / DAY_MS);

export const forfeitsAt = (since: Date): Date =>
  new Date(since.getTime() + COMPLIANCE_GRACE_DAYS * DAY_MS);

/**
 * The reminder to send now, if any: the latest reminder day reached and not yet mailed. A run
 * that was missed for days sends one reminder, not every one it skipped.
 */
export function dueReminder(days: number, lastMailedDay: number): number | null {
  if (days >= COMPLIANCE_GRACE_DAYS) return null;
  const due = REMINDER_DAYS.filter((day) => day <= days && day > lastMailedDay);
  return due.at(-1) ?? null;
}

/** yyyy-mm-dd (UTC): one forfeiture or release per member and day, however often we run. */
export const dayKey = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The days whose copy-trading volume counts: the last `days` full exchange days (UTC+8) and
 * today (BingX reports a day after it ends, so today is usually empty; counting it never hurts
 * a member).
 */
export function copyWindow(now: Date, days: number): { from: Date; to: Date } {
  const today = dayOf(exchangeDayAt(now)).getTime();
  return { from: new Date(today - days * DAY_MS), to: new Date(today) };
}
