import {
  COMPLIANCE_GRACE_DAYS,
  EXCHANGE_NAME,
  PRODUCT_NAME,
  MIN_EXCHANGE_BALANCE_USDT,
  OTP_LENGTH,
  REFERRAL_LEVELS,
  SUBSCRIPTION_FEE_USDT,
  SUBSCRIPTION_PERIOD_DAYS,
} from '@ctn/contracts/constants';
import type { SiteLinks } from '@ctn/contracts/site';
import { paths } from './paths';

export { EXCHANGE_NAME, PRODUCT_NAME };

/**
 * Every editable text of the public site and the support page, in ONE file (member sections 1,
 * 2 and 9): marketing figures, the FAQ, the short risk note. Components only lay it out.
 *
 * The affiliate and copy links, the channels and the support mailbox are NOT here: operators set
 * them on /admin/settings (lib/site.ts reads them), and a link that is not set is left out.
 */

type SiteLinkKey = keyof SiteLinks;

/** Messaging-app channels (Telegram); each shown only once its link is set. */
export const channels = [
  {
    setting: 'updatesChannelUrl',
    name: 'Updates channel',
    app: 'Telegram',
    text: 'Announcements, payouts and new features, as they happen.',
  },
  {
    setting: 'communityChannelUrl',
    name: 'Community channel',
    app: 'Telegram',
    text: 'Talk with other members and get answers from the team.',
  },
] as const satisfies readonly { setting: SiteLinkKey; name: string; app: string; text: string }[];

export interface SocialLink {
  label: string;
  kind: 'x' | 'youtube';
  /** The spec's two social links have no target yet: `null` shows them without a link. */
  url: `https://${string}` | null;
}

export const socialLinks: readonly SocialLink[] = [
  { label: 'X (Twitter)', kind: 'x', url: null },
  { label: 'YouTube', kind: 'youtube', url: null },
];

/** Shown in the footer of the landing page; edit freely. */
export const RISK_DISCLOSURE =
  'Risk disclosure: trading crypto assets, including copy trading, carries a high level of risk and may not be suitable for everyone. You can lose part or all of the money you trade with. Any returns mentioned on this site are past results: they do not guarantee future returns. CopyTrade Network never holds your funds, is not a broker and does not give investment advice. Only trade with money you can afford to lose.';

export const landingContent = {
  documentTitle: 'AI Copy Trading & Referral Rewards',
  /**
   * The hero's headline, lead, figures and the line above them are claims the operator words
   * (lib/site.ts useClaims; their defaults in contracts' operator-facts.ts).
   */
  hero: {
    body: `Your funds stay in your own ${EXCHANGE_NAME} account, in your name. We track your network, your rewards and your withdrawals in one place.`,
    /** The hero's button: copy on the exchange and earn up to 15 levels deep. */
    cta: {
      label: `Copy on ${EXCHANGE_NAME} & Earn up to ${REFERRAL_LEVELS} Levels Deep`,
      setting: 'affiliateUrl' satisfies SiteLinkKey,
    },
    secondaryCta: 'Create your account',
    riskNote: 'Trading involves risk: returns are not guaranteed.',
    riskLink: 'Read the risk disclosure',
    earningsLink: 'See what members really earn',
    /** The illustration beside the headline (decorative). */
    visual: {
      title: 'Your network',
      subtitle: `Rewards from ${REFERRAL_LEVELS} levels, copy trading on ${EXCHANGE_NAME}`,
    },
  },
  /** Stands where a claim is left out: what members really earned, on the disclosure page. */
  disclosureInstead: {
    title: 'What members really earn',
    text: 'Our earnings disclosure shows the median and the spread of what members earned, against what membership costs.',
    link: 'See the earnings disclosure',
  },
  copyTrading: {
    kicker: 'Copy Trading',
    title: 'How to Start Copy Trading',
    intro: 'Four steps from a new exchange account to tracked earnings.',
    steps: [
      {
        title: `Join ${EXCHANGE_NAME}`,
        text: `Open your ${EXCHANGE_NAME} account through our affiliate link, so your account joins the network.`,
        link: { label: `Join ${EXCHANGE_NAME}`, setting: 'affiliateUrl' satisfies SiteLinkKey },
      },
      {
        title: `Verify and fund $${MIN_EXCHANGE_BALANCE_USDT}`,
        text: `Complete identity verification (KYC) on ${EXCHANGE_NAME} and fund your account with $${MIN_EXCHANGE_BALANCE_USDT}.`,
        link: null,
      },
      {
        title: 'Copy the master',
        text: `Follow our master trader through the copy link: every trade is placed in your own ${EXCHANGE_NAME} account.`,
        link: { label: 'Copy the master', setting: 'copyTradingUrl' satisfies SiteLinkKey },
      },
      {
        title: 'Create your account',
        text: 'Register here with a referral code to track your copy trading, your network and your rewards.',
        link: { label: 'Sign Up', to: paths.register },
      },
    ],
  },
  benefits: {
    kicker: 'Benefits',
    title: 'Why members copy with us',
    intro: 'Tap or press a card to see the details.',
  },
  earn: {
    kicker: 'Earn',
    title: 'How users earn',
    intro: `Share your referral link and earn from your network, up to ${REFERRAL_LEVELS} levels deep.`,
    items: [
      {
        title: 'Referral rewards',
        text: `When members of your network pay their ${SUBSCRIPTION_FEE_USDT} USDT subscription, you receive a subscription bonus.`,
      },
      {
        title: 'Trading rewards',
        text: `15% of the profit of your network's copy trading is shared across ${REFERRAL_LEVELS} levels.`,
      },
      {
        title: 'Withdraw in USDT',
        text: `Withdraw your earnings in USDT to your own wallet, confirmed with a ${OTP_LENGTH}-digit code sent to your email.`,
      },
    ],
    note: `Keep at least ${MIN_EXCHANGE_BALANCE_USDT} USDT on ${EXCHANGE_NAME} and keep copying: otherwise referral earnings lock, and you have ${COMPLIANCE_GRACE_DAYS} days to become compliant again.`,
    cta: 'Start earning',
  },
  about: {
    kicker: 'About',
    title: `About ${PRODUCT_NAME}`,
    paragraphs: [
      `${PRODUCT_NAME} brings together people who copy one master trader on ${EXCHANGE_NAME}, and rewards them for growing the community.`,
      `We never hold your trading funds: they stay in your ${EXCHANGE_NAME} account, in your name. Membership costs ${SUBSCRIPTION_FEE_USDT} USDT per ${SUBSCRIPTION_PERIOD_DAYS} days, paid in USDT on the BNB Smart Chain (BEP20).`,
    ],
    points: [
      `Funds stay on ${EXCHANGE_NAME}`,
      'Every reward listed with its level and cycle',
      'Withdrawals confirmed by a code sent to your email',
    ],
  },
  faq: {
    kicker: 'FAQ',
    title: 'Frequently asked questions',
    items: [
      {
        question: 'What is copy trading?',
        answer: `Copy trading mirrors the trades of an experienced trader in your own exchange account. You copy our master trader on ${EXCHANGE_NAME}, and every trade is placed in your account automatically.`,
      },
      {
        question: 'Do you hold my money?',
        answer: `No. Your funds stay in your own ${EXCHANGE_NAME} account. We track your network and your rewards, and pay your rewards out in USDT to your own wallet.`,
      },
      {
        question: 'How do I get started?',
        answer: `Join ${EXCHANGE_NAME} through our affiliate link, complete KYC and fund your account with $${MIN_EXCHANGE_BALANCE_USDT}, copy the master through the copy link, then create your account here with a referral code.`,
      },
      {
        question: 'Do I need a referral code?',
        answer:
          'Yes. Registration needs the referral code of an existing member. When a member shares their referral link with you, the code is filled in for you.',
      },
      {
        question: 'What does membership cost?',
        answer: `${SUBSCRIPTION_FEE_USDT} USDT per ${SUBSCRIPTION_PERIOD_DAYS} days, paid in USDT on the BNB Smart Chain (BEP20) to your personal deposit address. A payment is usually confirmed within 1-3 minutes.`,
      },
      {
        question: 'How do referral rewards work?',
        answer: `You earn from up to ${REFERRAL_LEVELS} levels of your network: a bonus when members subscribe, and a share of the 15% of profit distributed across the levels.`,
      },
      {
        question: `What happens if my balance falls below ${MIN_EXCHANGE_BALANCE_USDT} USDT?`,
        answer: `If your ${EXCHANGE_NAME} balance falls below ${MIN_EXCHANGE_BALANCE_USDT} USDT, or copying stops, your referral earnings lock. You then have ${COMPLIANCE_GRACE_DAYS} days to become compliant again, and your locked earnings are released.`,
      },
      {
        question: 'How do I withdraw my earnings?',
        answer: `Request a withdrawal in USDT to your wallet address on the Rewards page and confirm it with the ${OTP_LENGTH}-digit code we send to your email. Every request is reviewed before it is paid.`,
      },
      {
        question: 'Are returns guaranteed?',
        answer:
          'No. Trading carries risk and you can lose money, and past results do not guarantee future returns. Our earnings disclosure shows what members really earned.',
      },
    ],
  },
  footer: {
    tagline: `Copy trading on ${EXCHANGE_NAME} with referral rewards up to ${REFERRAL_LEVELS} levels deep.`,
    contactTitle: 'Contact Us',
    contactText: 'Questions about the network or your account? Write to us.',
    contactForm: 'Send us a message',
    channelsTitle: 'Stay in touch',
    socialTitle: 'Follow us',
  },
} as const;

export const supportContent = {
  title: 'Help & Support',
  subtitle: 'Get Assistance',
  intro: 'Reach our team through the channels below, or send us a message.',
  channels: {
    title: 'Support channels',
    text: 'Where our team answers members.',
  },
  email: {
    title: 'Email Support',
    text: 'Write to us about anything specific to your account. Please include your user ID.',
  },
  form: {
    title: 'Send us a message',
    text: 'Write to us from the contact form: you get a ticket number by email.',
    cta: 'Open the contact form',
  },
  notPublished: 'Our support contacts are not published yet. You can still send us a message.',
  quickHelp: {
    title: 'Quick Help',
    commonTopicsTitle: 'Common topics',
    commonTopics: [
      'Verifying your email address',
      `Paying the ${SUBSCRIPTION_FEE_USDT} USDT subscription (BEP20)`,
      `Linking your ${EXCHANGE_NAME} UID`,
      'Referral and trading rewards',
      'Withdrawals and one-time codes',
      'Changing your password',
    ],
    beforeContactingTitle: 'Before contacting support',
    beforeContacting: [
      'Read the FAQ on the home page',
      'Check your spam folder for our emails',
      'Have your user ID at hand',
      'For a payment or a withdrawal, note its transaction hash',
      'Refresh the page to see the latest status',
    ],
  },
  hours: {
    title: 'Support Hours',
    /** Only the operator's own hours are stated; none are promised while unset. */
    notPublished: 'Our support hours are not published yet.',
  },
} as const;
