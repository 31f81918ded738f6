import { renderMail } from './mail-templates';
import type { UndeliverableAccount } from './mail.queries';

type Admin = { email: string; firstName: string };

/** To administrators, once per address: the relay refused mail to an account's address for good. */
export function undeliverableAlertMail(
  to: Admin,
  account: UndeliverableAccount,
  answer: string,
  detailUrl: string,
) {
  const who = account.isAdmin
    ? `the administrator ${account.email}`
    : `${account.firstName} ${account.lastName} (${account.userId}, ${account.email})`;
  return renderMail({
    to: to.email,
    subject: 'Mail undeliverable: the relay refused an address',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `The mail relay refused mail to ${who} for good. Its answer: "${answer}".`,
      'That mail is not retried, and the address is marked undeliverable on the account until a later mail to it is accepted. Verification mails, withdrawal codes and compliance warnings to this address will not arrive: contact the member another way, or check the relay if many addresses are refused.',
    ],
    ...(account.isAdmin ? {} : { action: { label: 'Open the member', url: detailUrl } }),
    footnote: 'You receive one such mail per refused address.',
  });
}

/** To administrators, once per episode: the oldest unsent mail has waited too long. */
export function backlogAlertMail(
  to: Admin,
  backlog: { count: number; oldestMinutes: number; lastError: string | null },
  dashboardUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Mail delayed: the outbox is not emptying',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${backlog.count} mail${backlog.count === 1 ? ' waits' : 's wait'} in the outbox; the oldest for ${backlog.oldestMinutes} minutes.${backlog.lastError ? ` Its last attempt failed with: "${backlog.lastError}".` : ''}`,
      'Members are waiting for verification mails, withdrawal codes and warnings. Nothing is lost: every mail is retried with a growing pause (an hour at most). Check the relay behind SMTP_URL and send a test mail from Admin Settings. This mail itself may wait in the same outbox.',
    ],
    action: { label: 'Open the dashboard', url: dashboardUrl },
    footnote: 'You receive this once until the outbox catches up.',
  });
}
