import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import { microText } from '@ctn/contracts/money-display';
import { LOCK_REASON_TEXT, type LockReason } from '@ctn/contracts/rewards';
import { renderMail } from '../mail/mail-templates';

/** The compliance mails (DESIGN.md section 4): on lock, on days 7/21/28, on forfeiture, on release. */

interface Recipient {
  email: string;
  firstName: string;
}

const FIX: Record<LockReason, string> = {
  LOW_BALANCE: 'Deposit USDT on BingX so your account holds at least 100 USDT.',
  COPYING_STOPPED: 'Start copy trading again on BingX.',
  SUBSCRIPTION_LAPSED: 'Renew your subscription from your dashboard.',
  EXCHANGE_NOT_LINKED: 'Link your BingX UID from your dashboard.',
  ACCOUNT_LOCKED: 'Contact support to have your account reviewed.',
};

const dateOf = (at: Date) =>
  at.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Forfeits and releases are ledger entries: every micro-USDT of them (decision 050). */
const usdt = (micro: bigint) => `${microText(micro, 'exact')} USDT`;

const reasonLines = (reasons: LockReason[]) =>
  reasons.map((reason) => `• ${LOCK_REASON_TEXT[reason]} ${FIX[reason]}`);

const dashboard = (publicUrl: string) => ({
  label: 'Open your dashboard',
  url: `${publicUrl}/dashboard`,
});

export function lockMail(to: Recipient, reasons: LockReason[], deadline: Date, publicUrl: string) {
  return renderMail({
    to: to.email,
    subject: 'Your earnings are locked',
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      'Our daily check found that your account does not meet the conditions for receiving rewards. From now on, new rewards go to your locked balance and withdrawals are paused.',
      'Why, and what to do:',
      ...reasonLines(reasons),
      `You have ${COMPLIANCE_GRACE_DAYS} days, until ${dateOf(deadline)} (UTC). Once everything above is fixed, the next daily check unlocks your earnings and moves your locked balance to your available balance. If it is not fixed by then, your locked balance is forfeited.`,
    ],
    action: dashboard(publicUrl),
  });
}

export function reminderMail(
  to: Recipient,
  reasons: LockReason[],
  daysLeft: number,
  deadline: Date,
  publicUrl: string,
) {
  const days = daysLeft === 1 ? '1 day' : `${daysLeft} days`;
  return renderMail({
    to: to.email,
    subject: `Reminder: ${days} left before your locked earnings are forfeited`,
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your earnings are still locked. Unless your account meets the conditions again by ${dateOf(deadline)} (UTC), your locked balance will be forfeited.`,
      'What is still open:',
      ...reasonLines(reasons),
    ],
    action: dashboard(publicUrl),
  });
}

export function forfeitureMail(
  to: Recipient,
  amountMicro: bigint,
  daysLocked: number,
  reasons: LockReason[],
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Your locked earnings were forfeited',
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your earnings have been locked for ${daysLocked} days and the ${COMPLIANCE_GRACE_DAYS}-day window to fix this has ended, so your locked balance of ${usdt(amountMicro)} was forfeited. You can see this entry in your balance history.`,
      'While your account still does not meet the conditions, rewards you receive are locked and forfeited as well. To receive rewards again:',
      ...reasonLines(reasons),
    ],
    action: dashboard(publicUrl),
  });
}

export function releaseMail(to: Recipient, releasedMicro: bigint, publicUrl: string) {
  return renderMail({
    to: to.email,
    subject: 'Your earnings are unlocked',
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      'Your account meets the conditions for receiving rewards again, so your earnings are unlocked and withdrawals are possible again.',
      releasedMicro > 0n
        ? `${usdt(releasedMicro)} moved from your locked balance to your available balance.`
        : 'New rewards go to your available balance again.',
    ],
    action: dashboard(publicUrl),
  });
}

/** To administrators: a compliance run found something implausible and applied nothing. */
export function complianceHeldMail(
  to: Recipient,
  run: {
    reason: string | null;
    linkedMembers: number;
    newlyLocked: number;
    unknownMembers: number;
  },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Compliance run held: nothing was locked or forfeited',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Today's compliance run was not applied. ${run.reason ?? ''}`,
      `Linked members: ${run.linkedMembers}; on the exchange's answer it would have locked ${run.newlyLocked}; the exchange gave nothing usable for ${run.unknownMembers}. A broken exchange answer is more likely than that many members failing at once, so every member keeps their state until a run looks normal again.`,
      'Check the exchange diagnostics (API key, API version, rate limits), then acknowledge the alert on the admin dashboard.',
    ],
    action: { label: 'Open the admin dashboard', url: `${publicUrl}/admin/dashboard` },
  });
}

/** To administrators: COPYING_STOPPED waits until some linked member shows copy volume. */
export function copyingHeldMail(
  to: Recipient,
  run: { copyingHeld: number | null; linkedMembers: number },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Compliance: copy trading is not enforced until a member shows copy volume',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `No linked member has ever shown copy-trading volume, so nobody is locked for "copying stopped". ${run.copyingHeld ?? 0} of ${run.linkedMembers} linked members show none now. Either nobody copies yet, or the commission field read as copy volume is not the one that moves for your copiers.`,
      'Other reasons (a low balance, a lapsed subscription) still apply. The rule starts by itself on the first run that sees a linked member with copy-trading volume. Check on the exchange diagnostics page which volume field moves for a member you know copies.',
    ],
    action: { label: 'Open the admin dashboard', url: `${publicUrl}/admin/dashboard` },
  });
}

/** Members per action of a shadow run, and the micro-USDT it would move. */
export interface ShadowTotals {
  lock: number;
  remind: number;
  forfeit: number;
  release: number;
  concern: number;
  unknown: number;
  forfeitMicro: bigint;
  releaseMicro: bigint;
}

/** To administrators: what a shadow run would have done (nothing was changed). */
export function shadowSummaryMail(
  to: Recipient,
  run: { id: number; reason: string | null; copyingHeld: number | null; linkedMembers: number },
  figures: ShadowTotals,
  publicUrl: string,
) {
  const heldBack = run.copyingHeld
    ? [
        `Copy trading was not enforced: no linked member has shown copy-trading volume yet (${run.copyingHeld} show none).`,
      ]
    : [];
  return renderMail({
    to: to.email,
    subject: `Shadow compliance run: would lock ${figures.lock}, forfeit ${figures.forfeit}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      "Compliance runs in shadow mode: today's run decided as an enforced run would and changed nothing. No balance, lock or status changed and no member was mailed.",
      `Of ${run.linkedMembers} linked members it would lock ${figures.lock}, remind ${figures.remind}, forfeit ${figures.forfeit} (${usdt(figures.forfeitMicro)}) and release ${figures.release} (${usdt(figures.releaseMicro)}); ${figures.concern} show a first concern and the exchange gave nothing usable for ${figures.unknown}.`,
      ...(run.reason ? [`An enforced run would have been held: ${run.reason}`] : []),
      ...heldBack,
      'Review each decision and its evidence, then switch to enforce in the admin settings when they are right.',
    ],
    action: { label: 'Review the decisions', url: `${publicUrl}/admin/compliance/runs/${run.id}` },
  });
}

/** To administrators: BingX banned our address or key; every call waits until the ban ends. */
export function exchangeBannedMail(
  to: Recipient,
  ban: { kind: 'IP' | 'API'; until: Date; message: string },
) {
  return renderMail({
    to: to.email,
    subject: `BingX ${ban.kind === 'IP' ? 'banned the server address' : 'blocked the API key'}: exchange calls paused`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `BingX answered: "${ban.message}". No call is sent until ${ban.until.toISOString()}, since asking again only makes a ban longer.`,
      'Until then members cannot link a UID and the compliance run learns nothing new, so nobody is locked or forfeited on its account. Check the request rate and whether another process uses the same key or address.',
    ],
  });
}
