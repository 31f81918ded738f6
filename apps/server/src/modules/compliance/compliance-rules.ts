import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import { LOCK_REASONS, type LockReason } from '@ctn/contracts/rewards';

/** The rules of the daily compliance check (DESIGN.md section 4 "Compliance"), free of I/O. */

export const DAY_MS = 86_400_000;
export const REMINDER_DAYS = [7, 21, 28] as const;

/** What the exchange told us about one member in this run. */
export interface ExchangeFacts {
  lowBalance: boolean;
  copyingStopped: boolean;
}

export interface MemberState {
  status: string;
  paidUntil: Date | null;
  bingxUid: string | null;
}

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
 * The days whose copy-trading volume counts: the last `days` full UTC days and today (BingX
 * reports a day after it ends, so today is usually empty; counting it never hurts a member).
 */
export function copyWindow(now: Date, days: number): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - days * DAY_MS), to: new Date(today) };
}
