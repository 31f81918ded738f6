import { OTP_TTL_MINUTES } from '@ctn/contracts/constants';
import { renderMail } from '../mail/mail-templates';

/** The withdrawal a code confirms, as the member typed it in the dialog. */
export interface WithdrawalIntent {
  amount: string;
  walletAddress: string;
}

/**
 * The code mail. With the withdrawal it confirms, the mail states amount and address, so a
 * member who did not ask for exactly that knows not to use it.
 */
export function withdrawalCodeMail(
  to: { email: string; firstName: string },
  code: string,
  intent: WithdrawalIntent | null,
) {
  return renderMail({
    to: to.email,
    // Never in the subject: subjects show on lock screens and in mail lists.
    subject: 'Your withdrawal code',
    secret: true,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      intent
        ? `Your verification code for a withdrawal of ${intent.amount} USDT to ${intent.walletAddress} (BNB Smart Chain, BEP20) is ${code}.`
        : `Your verification code for a withdrawal is ${code}.`,
      ...(intent
        ? ['If the amount or the address is not what you entered, do not use this code.']
        : []),
      `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once. Enter it in the withdrawal dialog to confirm your request.`,
    ],
    footnote:
      'If you did not ask to withdraw, do not share this code with anyone and change your password: someone may be signed in to your account.',
  });
}
