import { OTP_TTL_MINUTES } from '@ctn/contracts/constants';
import { renderMail } from '../mail/mail-templates';

export function withdrawalCodeMail(to: { email: string; firstName: string }, code: string) {
  return renderMail({
    to: to.email,
    // Never in the subject: subjects show on lock screens and in mail lists.
    subject: 'Your withdrawal code',
    secret: true,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your verification code for a withdrawal is ${code}.`,
      `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once. Enter it in the withdrawal dialog to confirm your request.`,
    ],
    footnote:
      'If you did not ask to withdraw, do not share this code with anyone and change your password: someone may be signed in to your account.',
  });
}
