import {
  MIN_WITHDRAWAL_USDT,
  OTP_TTL_MINUTES,
  REFERRAL_LEVELS,
  SUBSCRIPTION_FEE_USDT,
  SUBSCRIPTION_PERIOD_DAYS,
} from '@ctn/contracts/constants';
import { CONTACT_EMAIL, EXCHANGE_NAME, PRODUCT_NAME, RISK_DISCLOSURE } from '@/lib/site-content';

/**
 * The Terms of Service and Privacy Policy the registration form links to. They state the rules
 * the product enforces, in plain words; the operator's lawyer should review them before going
 * live (PLACEHOLDER: the operator's legal name and jurisdiction).
 */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** The day of the last change, ISO and as shown. */
  updated: { iso: string; text: string };
  sections: readonly LegalSection[];
}

const UPDATED = { iso: '2026-11-25', text: 'November 25, 2026' };

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: UPDATED,
  sections: [
    {
      heading: 'What the service is',
      paragraphs: [
        `${PRODUCT_NAME} lets members follow a master trader on ${EXCHANGE_NAME} and earn referral rewards from the network they invite, ${REFERRAL_LEVELS} levels deep. ${PRODUCT_NAME} never holds the money you trade with: it stays in your own ${EXCHANGE_NAME} account.`,
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You register with a referral code and verify your email address. Keep your password to yourself; you are responsible for what is done with your account.',
        `You link one ${EXCHANGE_NAME} account by its UID, and that UID can belong to one member only. A UID linked by someone else can be claimed through support.`,
      ],
    },
    {
      heading: 'Subscription',
      paragraphs: [
        `Membership costs ${SUBSCRIPTION_FEE_USDT} USDT per ${SUBSCRIPTION_PERIOD_DAYS} days, paid in USDT on the BNB Smart Chain (BEP20) to your personal deposit address. Each full fee adds ${SUBSCRIPTION_PERIOD_DAYS} days; a partial payment is kept as credit toward the next fee. Payments on other networks or in other tokens cannot be credited.`,
      ],
    },
    {
      heading: 'Rewards',
      paragraphs: [
        'Rewards are credited to your balance by the rules shown on the Rewards page and in each reward cycle. Rewards can be locked while your account does not meet the eligibility rules (an active subscription, a linked exchange account and the exchange requirements), and are forfeited if those rules stay unmet past the grace period.',
      ],
    },
    {
      heading: 'Withdrawals',
      paragraphs: [
        `You can withdraw your available balance from ${MIN_WITHDRAWAL_USDT} USDT, in USDT on the BNB Smart Chain, after confirming with a one-time code sent to your email (valid ${OTP_TTL_MINUTES} minutes). Every request is reviewed; it can be rejected, with the amount returned to your balance, when it breaks these terms. Check the address: a transfer on the chain cannot be reversed.`,
      ],
    },
    {
      heading: 'Fair use',
      paragraphs: [
        'One person, one account. Accounts made to collect rewards from oneself, or that abuse the service, can be locked or disabled, and their rewards withheld.',
      ],
    },
    { heading: 'Risk', paragraphs: [RISK_DISCLOSURE] },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${CONTACT_EMAIL}.`],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: UPDATED,
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        `Your name, email address, password (only as a one-way hash), referral relationships, ${EXCHANGE_NAME} UID, payments and withdrawals, your balance history, and the sign-ins to your account with their address and browser.`,
      ],
    },
    {
      heading: 'Why',
      paragraphs: [
        `To run your membership: credit your subscription payments, check your eligibility with ${EXCHANGE_NAME}, compute and pay rewards, review withdrawals, send the emails you need (verification, password reset, withdrawal codes) and keep accounts safe.`,
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        `Your upline sees your name, join date and status in their network. Administrators see what they need to review payments, withdrawals and claims. ${EXCHANGE_NAME} is asked about your UID's status under its agent program. Transactions on the BNB Smart Chain are public by nature. We do not sell your data.`,
      ],
    },
    {
      heading: 'How long',
      paragraphs: [
        'Financial records are kept as long as the law requires. When an account is deleted, its personal details are anonymised; the ledger entries stay, without your name.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You can see most of your data in your profile, and ask for a copy, a correction or deletion at ${CONTACT_EMAIL}.`,
      ],
    },
  ],
};
