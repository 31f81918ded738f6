import {
  EXCHANGE_NAME,
  MIN_WITHDRAWAL_USDT,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  REFERRAL_LEVELS,
  SUBSCRIPTION_FEE_USDT,
  SUBSCRIPTION_PERIOD_DAYS,
} from '@ctn/contracts/constants';
import type { LegalDocumentKey } from '@ctn/contracts/site';

/**
 * The legal pages' text until an administrator saves their own (in the format legalSectionsOf
 * reads: "## " headings, blank lines between paragraphs). They state the rules the product
 * enforces in plain words; the operator's lawyer should review them before going live.
 */

/** Where members write to: the configured mailbox, or the support page while none is set. */
const contactOf = (supportEmail: string | null) =>
  supportEmail ?? 'the address on our Help & Support page';

const RISK = `Trading crypto assets, including copy trading, carries a high level of risk and may not be suitable for everyone. You can lose part or all of the money you trade with.

Any returns mentioned on this site are past results: they do not guarantee future returns. Our earnings disclosure shows what members actually earned.

${PRODUCT_NAME} never holds your trading funds, is not a broker and does not give investment advice. Only trade with money you can afford to lose.`;

function terms(contact: string): string {
  return `## What the service is

${PRODUCT_NAME} lets members follow a master trader on ${EXCHANGE_NAME} and earn referral rewards from the network they invite, ${REFERRAL_LEVELS} levels deep. ${PRODUCT_NAME} never holds the money you trade with: it stays in your own ${EXCHANGE_NAME} account.

## Your account

You register with a referral code and verify your email address. Keep your password to yourself; you are responsible for what is done with your account.

You link one ${EXCHANGE_NAME} account by its UID, and that UID can belong to one member only. A UID linked by someone else can be claimed through support.

## Subscription

Membership costs ${SUBSCRIPTION_FEE_USDT} USDT per ${SUBSCRIPTION_PERIOD_DAYS} days, paid in USDT on the BNB Smart Chain (BEP20) to your personal deposit address. Each full fee adds ${SUBSCRIPTION_PERIOD_DAYS} days; a partial payment is kept as credit toward the next fee. Payments on other networks or in other tokens cannot be credited.

## Rewards

Rewards are credited to your balance by the rules shown on the Rewards page and in each reward cycle. Rewards can be locked while your account does not meet the eligibility rules (an active subscription, a linked exchange account and the exchange requirements), and are forfeited if those rules stay unmet past the grace period.

## Withdrawals

You can withdraw your available balance from ${MIN_WITHDRAWAL_USDT} USDT, in USDT on the BNB Smart Chain, after confirming with a one-time code sent to your email (valid ${OTP_TTL_MINUTES} minutes). Every request is reviewed; it can be rejected, with the amount returned to your balance, when it breaks these terms. Check the address: a transfer on the chain cannot be reversed.

## Fair use

One person, one account. Accounts made to collect rewards from oneself, or that abuse the service, can be locked or disabled, and their rewards withheld.

## Risk

${RISK.split('\n\n')[0]}

## Contact

Questions about these terms: ${contact}.`;
}

function privacy(contact: string): string {
  return `## What we keep

Your name, email address, password (only as a one-way hash), referral relationships, ${EXCHANGE_NAME} UID, payments and withdrawals, your balance history, and the sign-ins to your account with their address and browser.

## Why

To run your membership: credit your subscription payments, check your eligibility with ${EXCHANGE_NAME}, compute and pay rewards, review withdrawals, send the emails you need (verification, password reset, withdrawal codes) and keep accounts safe.

## Who sees it

Your upline sees your name, join date and status in their network; members beyond your first level see your email only masked. Administrators see what they need to review payments, withdrawals and claims. ${EXCHANGE_NAME} is asked about your UID's status under its agent program. Transactions on the BNB Smart Chain are public by nature. We do not sell your data.

## How long

Financial records are kept as long as the law requires. When an account is deleted, its personal details are anonymised; the ledger entries stay, without your name.

## Your rights

You can see most of your data in your profile, and ask for a copy, a correction or deletion at ${contact}.`;
}

export function defaultLegalBody(document: LegalDocumentKey, supportEmail: string | null): string {
  const contact = contactOf(supportEmail);
  if (document === 'terms') return terms(contact);
  if (document === 'privacy') return privacy(contact);
  return RISK;
}
