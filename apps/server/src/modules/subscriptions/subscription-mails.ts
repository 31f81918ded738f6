import { renderMail } from '../mail/mail-templates';

const utcDay = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * To the member, once per credited payment: the amount, its transaction, and what it did (the
 * new paid-until date, or the credit kept toward the next period).
 */
export function paymentReceivedMail(
  to: { email: string; firstName: string },
  /** txUrl: the explorer's page, or the hash where the chain has no explorer. */
  payment: { amountUsdt: string; txUrl: string; paidUntil: Date | null; periodsAdded: number },
  profileUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Payment received',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `We received ${payment.amountUsdt} USDT (BEP20) on your deposit address. Transaction: ${payment.txUrl}`,
      payment.periodsAdded > 0 && payment.paidUntil
        ? `Your subscription is now paid until ${utcDay(payment.paidUntil)} (UTC).`
        : 'It is less than a full fee, so it is kept as credit toward your next period.',
    ],
    action: { label: 'See your payments', url: profileUrl },
  });
}

export function expiryReminderMail(
  to: { email: string; firstName: string },
  paidUntil: Date,
  feeUsdt: number,
  onboardingUrl: string,
) {
  const day = utcDay(paidUntil);
  return renderMail({
    to: to.email,
    subject: 'Your subscription ends in 3 days',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your CopyTrade Network subscription is paid until ${day} (UTC).`,
      `To keep earning referral rewards without a break, send ${feeUsdt} USDT (BEP20) to your personal deposit address before then. A payment made early extends your subscription from the end of the current period, so you lose no days.`,
    ],
    action: { label: 'See your deposit address', url: onboardingUrl },
  });
}

/** To administrators: the payment watcher has failed for a while; payments wait, none is lost. */
export function watcherFailingMail(
  to: { email: string; firstName: string },
  failure: { since: Date; minutes: number; kind: string },
  metricsUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Payment watcher failing: subscription payments are not being credited',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `The payment watcher has failed every run for ${failure.minutes} minutes (since ${failure.since.toISOString()}); the last failure was of kind "${failure.kind}".`,
      "Nothing is lost: the watcher keeps its position and reads the same blocks again once the node answers. Until then members who pay wait for their subscription. Check CHAIN_RPC_URL, the provider's status and limits, and the server log.",
    ],
    action: { label: 'Open the metrics', url: metricsUrl },
  });
}

/**
 * To administrators, at once: the node now answers for another chain than the one verified at
 * start; the watcher credits nothing until it is that chain again (decision 035).
 */
export function chainSwitchedMail(
  to: { email: string; firstName: string },
  chains: { expected: string; found: string },
  pageUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Payment watcher stopped: the chain node answers for another chain',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `The node behind CHAIN_RPC_URL now answers as chain ${chains.found} (chain id:genesis hash), not ${chains.expected}, the chain the server verified at start.`,
      'The payment watcher has stopped: it credits nothing and keeps its position until the node answers for the right chain again; members who pay meanwhile are credited then. Check the provider behind CHAIN_RPC_URL, or restart the server with the right CHAIN_RPC_URL and CHAIN_ID.',
    ],
    action: { label: 'Open the reconciliation page', url: pageUrl },
  });
}

/** To administrators: the node's final block has not moved for a while although its head has. */
export function finalityStalledMail(
  to: { email: string; firstName: string },
  stall: { final: bigint; head: bigint; minutes: number },
  pageUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Payment watcher: the final block has stopped moving',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `For ${stall.minutes} minutes the chain node has reported block ${stall.final} as its final block while its newest block went on to ${stall.head}.`,
      'Payments are credited from final blocks only, so new payments wait. Nothing is lost: once the final block moves again they are credited. Check the node or the provider behind CHAIN_RPC_URL.',
    ],
    action: { label: 'Open the reconciliation page', url: pageUrl },
  });
}
