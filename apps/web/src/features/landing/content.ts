import {
  MIN_EXCHANGE_BALANCE_USDT,
  REFERRAL_LEVELS,
  SUBSCRIPTION_FEE_USDT,
} from '@ctn/contracts/constants';
import { LANDING_SECTION_IDS } from '@/lib/paths';

/**
 * Every text of the landing page, in one place (member sections 1 and 2). The full landing
 * page (stat cards, flip cards, FAQ, footer channels) is a later issue; this is its first cut.
 */
export const landingContent = {
  title: 'AI Copy Trading & Referral Rewards',
  hero: {
    eyebrow: 'Official BingX copy trading partner',
    headline: '#1 AI COPY TRADING Network',
    lead: `Copy our master trader on BingX and earn referral rewards up to ${REFERRAL_LEVELS} levels deep.`,
    body: 'Your funds stay in your own BingX account. We track your network, your rewards and your withdrawals in one place.',
    primaryCta: `Start Copying & Earn up to ${REFERRAL_LEVELS} Levels`,
    secondaryCta: 'How it works',
  },
  highlights: [
    { value: `${REFERRAL_LEVELS}`, label: 'Referral levels' },
    { value: '15%', label: `Of profit shared across ${REFERRAL_LEVELS} levels` },
    { value: '50%', label: 'Of profit stays in your own account' },
    { value: '24/7', label: 'Deposits and withdrawals' },
  ],
  copyTrading: {
    id: LANDING_SECTION_IDS.copyTrading,
    kicker: 'Copy Trading',
    title: 'How to Start Copy Trading',
    intro: 'Four steps from a new exchange account to tracked earnings.',
    steps: [
      {
        title: 'Join BingX',
        text: 'Open your BingX account through our affiliate link, so your trading is linked to the network.',
      },
      {
        title: 'Verify and fund',
        text: `Complete identity verification (KYC) on BingX and fund your account with $${MIN_EXCHANGE_BALANCE_USDT}.`,
      },
      {
        title: 'Copy the master',
        text: 'Follow our master trader on BingX through the copy link and let the strategy trade for you.',
      },
      {
        title: 'Create your account',
        text: 'Register here with a referral code to track your copy trading and your rewards.',
      },
    ],
  },
  earn: {
    id: LANDING_SECTION_IDS.earn,
    kicker: 'Earn',
    title: 'How users earn',
    intro: `Share your referral link and earn from your network, up to ${REFERRAL_LEVELS} levels deep.`,
    items: [
      {
        title: 'Referral rewards',
        text: `When someone you referred pays the ${SUBSCRIPTION_FEE_USDT} USDT subscription, your upline levels share a bonus.`,
      },
      {
        title: 'Downline trading rewards',
        text: `15% of the profit of your network's copy trading is shared across ${REFERRAL_LEVELS} levels.`,
      },
      {
        title: 'Withdraw in USDT',
        text: 'Withdraw your earnings in USDT to your own wallet, confirmed with a one-time code sent to your email.',
      },
    ],
    note: `Keep at least ${MIN_EXCHANGE_BALANCE_USDT} USDT on BingX and keep copying: otherwise referral earnings lock, and you have 30 days to become compliant again.`,
  },
  contact: {
    id: LANDING_SECTION_IDS.contactUs,
    kicker: 'Contact Us',
    title: 'We are here to help',
    text: 'Members reach our team from the Help & Support page: our messaging channel is open 24/7, and email replies typically arrive within 24 hours.',
    cta: 'Open Help & Support',
  },
  disclaimer:
    'Trading involves risk. Past results do not guarantee future returns; only trade with money you can afford to lose.',
} as const;
