import { renderMail } from '../mail/mail-templates';

export function expiryReminderMail(
  to: { email: string; firstName: string },
  paidUntil: Date,
  feeUsdt: number,
  onboardingUrl: string,
) {
  const day = paidUntil.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
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
