import { SECURITY_EVENT_LABELS, type SecurityEventKind } from '@ctn/contracts/security';
import { renderMail } from '../mail/mail-templates';
import { deviceOf } from './device';

/** Sent on every change to an account's security, so an intruder's change never goes unseen. */
export function securityChangeMail(
  to: { email: string; firstName: string },
  change: { kind: SecurityEventKind; ip: string | null; userAgent: string | null; at: Date },
  publicUrl: string,
) {
  const where = [deviceOf(change.userAgent), change.ip].filter(Boolean).join(', ');
  return renderMail({
    to: to.email,
    subject: `Security alert: ${SECURITY_EVENT_LABELS[change.kind]}`,
    category: 'security',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${SECURITY_EVENT_LABELS[change.kind]} on your CopyTrade Network account at ${change.at.toISOString().replace('T', ' ').slice(0, 16)} UTC${where ? ` (${where})` : ''}.`,
      'If this was you, there is nothing to do. If it was not, reset your password now and sign out everywhere from your profile.',
    ],
    action: { label: 'Review my account security', url: `${publicUrl}/profile` },
    footnote: 'We send this mail for every security change; it cannot be switched off.',
  });
}
