import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import { renderMail } from '../mail/mail-templates';

/**
 * To each member credited by a reward cycle, unless they switched these off on /profile (they
 * are not transactional): the total, the parts locked (earnings locked) and held (a UID review),
 * and where the lines are.
 */
export function cycleCreditedMail(
  to: { email: string; firstName: string },
  cycle: { number: number; total: string; locked: string | null; held: string | null },
  statementUrl: string,
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
            `${cycle.locked} USDT of it is held while your earnings are locked; it becomes available once you are compliant again within ${COMPLIANCE_GRACE_DAYS} days.`,
          ]
        : []),
      ...(cycle.held
        ? [
            `${cycle.held} USDT of it is held for review: the exchange account it comes from is being checked by an administrator, who releases it or, if the account is not its member's, withdraws it.`,
          ]
        : []),
      'Your statement of the cycle shows the period, the percentage of each level and your lines grouped by level.',
    ],
    action: { label: 'See your statement', url: statementUrl },
    footnote: `You receive this because cycle summaries are on. Switch them off on your profile: ${profileUrl}`,
  });
}
