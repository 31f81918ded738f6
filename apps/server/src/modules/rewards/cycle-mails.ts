import { renderMail } from '../mail/mail-templates';

/**
 * To each member credited by a reward cycle, unless they switched these off on /profile (they
 * are not transactional): the total, the part held while earnings are locked, and where the
 * lines are.
 */
export function cycleCreditedMail(
  to: { email: string; firstName: string },
  cycle: { number: number; total: string; locked: string | null },
  rewardsUrl: string,
  profileUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: `Reward cycle #${cycle.number}: ${cycle.total} USDT credited`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Reward cycle #${cycle.number} credited ${cycle.total} USDT to you from your network's trading.`,
      ...(cycle.locked
        ? [
            `${cycle.locked} USDT of it is held while your earnings are locked; it becomes available once you are compliant again within 30 days.`,
          ]
        : []),
      'Every line, with its level and the member it came from, is on your Rewards page.',
    ],
    action: { label: 'See your rewards', url: rewardsUrl },
    footnote: `You receive this because cycle summaries are on. Switch them off on your profile: ${profileUrl}`,
  });
}
