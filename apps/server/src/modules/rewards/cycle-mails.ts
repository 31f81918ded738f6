import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import { microText } from '@ctn/contracts/money-display';
import { renderMail } from '../mail/mail-templates';

/**
 * To each member credited by a reward cycle, unless they switched these off on /profile (they
 * are not transactional): the total, the parts locked (earnings locked) and held (a UID review),
 * and where the lines are. The figures read as the member's balances do, 2 decimals never
 * rounded up; the exact credit follows when the 2 decimals leave part of it out (decision 050).
 */
export function cycleCreditedMail(
  to: { email: string; firstName: string },
  cycle: { number: number; totalMicro: bigint; lockedMicro: bigint; heldMicro: bigint },
  statementUrl: string,
  profileUrl: string,
) {
  const total = microText(cycle.totalMicro, 'floor');
  const exact = microText(cycle.totalMicro, 'exact');
  return renderMail({
    to: to.email,
    subject: `Reward cycle #${cycle.number}: ${total} USDT credited`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Reward cycle #${cycle.number} credited ${total} USDT to you from your network's trading${exact === total ? '' : ` (exactly ${exact} USDT, as your statement lists it)`}.`,
      ...(cycle.lockedMicro > 0n
        ? [
            `${microText(cycle.lockedMicro, 'floor')} USDT of it is held while your earnings are locked; it becomes available once you are compliant again within ${COMPLIANCE_GRACE_DAYS} days.`,
          ]
        : []),
      ...(cycle.heldMicro > 0n
        ? [
            `${microText(cycle.heldMicro, 'floor')} USDT of it is held for review: the exchange account it comes from is being checked by an administrator, who releases it or, if the account is not its member's, withdraws it.`,
          ]
        : []),
      'Your statement of the cycle shows the period, the percentage of each level and your lines grouped by level.',
    ],
    action: { label: 'See your statement', url: statementUrl },
    footnote: `You receive this because cycle summaries are on. Switch them off on your profile: ${profileUrl}`,
  });
}
