import { renderMail } from '../mail/mail-templates';
import type { AlertRecipient } from './settings.queries';

/**
 * The administrators' alert mails (beyond the spec: its alert toggles are local only). Sent when
 * `emailNotifications` and the alert's own switch are on (SettingsService.alertRecipients).
 */

const usdt = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDT`;

export function withdrawalAlertMail(
  to: AlertRecipient,
  withdrawal: {
    id: string;
    member: { firstName: string; lastName: string; email: string; userNumber: string };
    amount: number;
    walletAddress: string;
  },
  publicUrl: string,
) {
  const { member } = withdrawal;
  return renderMail({
    to: to.email,
    subject: `New withdrawal request: ${usdt(withdrawal.amount)} from ${member.firstName} ${member.lastName}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${member.firstName} ${member.lastName} (${member.email}, ${member.userNumber}) requested a withdrawal that is waiting for review.`,
      `Amount: ${usdt(withdrawal.amount)}`,
      `Wallet address: ${withdrawal.walletAddress}`,
    ],
    action: { label: 'Review the request', url: `${publicUrl}/admin/withdrawals/${withdrawal.id}` },
    footnote: 'You receive this because withdrawal alerts are on in Admin Settings.',
  });
}

export function registrationAlertMail(
  to: AlertRecipient,
  member: { id: string; firstName: string; lastName: string; email: string; userNumber: string },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: `New registration: ${member.firstName} ${member.lastName}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${member.firstName} ${member.lastName} (${member.email}, ${member.userNumber}) just registered.`,
    ],
    action: { label: 'View the member', url: `${publicUrl}/admin/users/${member.id}` },
    footnote: 'You receive this because registration alerts are on in Admin Settings.',
  });
}
