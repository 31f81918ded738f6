import { renderMail } from '../mail/mail-templates';

/** To administrators: a member used "Not me? Freeze my account" (decision 040). */
export function accountFrozenAlertMail(
  to: { email: string; firstName: string },
  member: { id: string; firstName: string; lastName: string; email: string; userNumber: string },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: `Account frozen by its owner: ${member.firstName} ${member.lastName}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${member.firstName} ${member.lastName} (${member.email}, ${member.userNumber}) used "Not me? Freeze my account" from one of our emails: someone else may be using the account.`,
      'Its withdrawals are frozen and every session was signed out. Pending requests stay pending and cannot be approved. Speak with the member (not through the account) before you lift the freeze on their page.',
    ],
    action: { label: 'Open the member', url: `${publicUrl}/admin/users/${member.id}` },
  });
}
