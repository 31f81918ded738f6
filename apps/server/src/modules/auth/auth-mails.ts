import {
  RESET_PASSWORD_TOKEN_TTL_HOURS,
  VERIFY_EMAIL_TOKEN_TTL_HOURS,
} from '@ctn/contracts/constants';
import { renderMail } from '../mail/mail-templates';

/** `referrer`: who the registration is under ("Jane D."), so a wrong upline is noticed in time. */
export function verificationMail(
  to: { email: string; firstName: string },
  link: string,
  referrer: string | null,
) {
  return renderMail({
    to: to.email,
    subject: 'Verify your email address',
    secret: true,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      'Welcome to CopyTrade Network. Please confirm that this is your email address to activate your account.',
      ...(referrer
        ? [
            `You registered with the referral code of ${referrer}. If that is not who invited you, register again with the right code before you verify: the new registration replaces this one.`,
          ]
        : []),
    ],
    action: { label: 'Verify email', url: link },
    footnote: `This link expires in ${VERIFY_EMAIL_TOKEN_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`,
  });
}

export function passwordResetMail(to: { email: string; firstName: string }, link: string) {
  return renderMail({
    to: to.email,
    subject: 'Reset your password',
    category: 'security',
    secret: true,
    greeting: `Hello ${to.firstName},`,
    paragraphs: ['We received a request to reset the password of your CopyTrade Network account.'],
    action: { label: 'Choose a new password', url: link },
    footnote: `This link expires in ${RESET_PASSWORD_TOKEN_TTL_HOURS} hour and can be used once. If you did not ask for it, ignore this email: your password stays unchanged.`,
  });
}

/**
 * To administrators: someone registered. An admin alert beyond the spec (whose alert switches
 * are local only): sent when `emailNotifications` and `userRegistrationAlerts` are on
 * (SettingsService.alertRecipients).
 */
export function registrationAlertMail(
  to: { email: string; firstName: string },
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
