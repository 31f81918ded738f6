import { renderMail } from '../mail/mail-templates';
import { deviceOf } from './device';

/** How long the emailed unlock link works. */
export const UNLOCK_LINK_TTL_HOURS = 24;

const at = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const whereFrom = (origin: { ip: string | null; userAgent: string | null }) => {
  const where = [deviceOf(origin.userAgent), origin.ip].filter(Boolean).join(', ');
  return where ? ` (${where})` : '';
};

/**
 * After the third wrong second-factor code in a row: the password is known to someone else.
 * Sent once per run of wrong codes (decision 039).
 */
export function passwordKnownMail(
  to: { email: string; firstName: string },
  origin: { ip: string | null; userAgent: string | null },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'Someone knows your password: change it',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your CopyTrade Network password was just entered correctly, followed by 3 wrong two-factor codes${whereFrom(origin)}.`,
      'Your second factor stopped them, but whoever it was knows your password. Change it now, and sign out everywhere from your profile.',
    ],
    action: { label: 'Change my password', url: `${publicUrl}/profile` },
    footnote: 'We send this mail for every security event of this kind; it cannot be switched off.',
  });
}

/** The account's sign-in is paused; the link resumes it (decision 039). */
export function signInPausedMail(
  to: { email: string; firstName: string },
  why: { kind: 'PASSWORDS' } | { kind: 'CODES'; until: Date },
  link: string,
) {
  const paragraphs =
    why.kind === 'PASSWORDS'
      ? [
          'Someone typed a wrong password for your CopyTrade Network account 20 times in a row. To protect it, your account now signs in only after you follow the link below.',
          'If that was not you, nothing was lost: change your password once you are signed in.',
        ]
      : [
          'Someone entered your CopyTrade Network password correctly, then 5 wrong two-factor codes. Your second factor is paused until ' +
            `${at(why.until)}; the link below resumes it at once.`,
          'Whoever tried knows your password: change it as soon as you are signed in.',
        ];
  return renderMail({
    to: to.email,
    subject:
      why.kind === 'PASSWORDS'
        ? 'Sign-in to your account is paused'
        : 'Someone knows your password: two-factor sign-in paused',
    secret: true,
    greeting: `Hello ${to.firstName},`,
    paragraphs,
    action: { label: 'Resume sign-in', url: link },
    footnote: `This link works once, within ${UNLOCK_LINK_TTL_HOURS} hours.`,
  });
}
