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
    category: 'money',
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

/**
 * To the member: the first request to an address they never withdrew to (decision 040). A thief
 * in the account withdraws to their own address; the owner hears of it while it is pending.
 */
export function newAddressNoticeMail(
  to: { email: string; firstName: string },
  withdrawal: WithdrawalIntent,
  rewardsUrl: string,
) {
  return renderMail({
    to: to.email,
    subject: 'A withdrawal to a new address',
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `A withdrawal of ${withdrawal.amount} USDT to ${withdrawal.walletAddress} (BNB Smart Chain, BEP20) was requested from your account. You have not withdrawn to this address before.`,
      'If this was you, there is nothing to do: the request waits for review as usual. If it was not, cancel it on your Rewards page and freeze your account with the link below.',
    ],
    action: { label: 'See your withdrawals', url: rewardsUrl },
  });
}

type Decided = 'APPROVED' | 'REJECTED' | 'BLOCKED_COMPLIANCE';

const DECISION_SUBJECT: Record<Decided, string> = {
  APPROVED: 'Your withdrawal was approved',
  REJECTED: 'Your withdrawal was rejected',
  BLOCKED_COMPLIANCE: 'Your withdrawal was blocked',
};

/**
 * To the member when an administrator (or the hot wallet) decides their request: paid, with the
 * transaction when there is one; or returned to their balance, with the reason.
 */
export function withdrawalDecisionMail(
  to: { email: string; firstName: string },
  decision: {
    status: Decided;
    amount: string;
    walletAddress: string;
    reason: string | null;
    txUrl: string | null;
  },
  rewardsUrl: string,
) {
  const what = `${decision.amount} USDT to ${decision.walletAddress}`;
  const paragraphs =
    decision.status === 'APPROVED'
      ? // Paid only with a transaction to show: an approval without one is not a payment yet.
        decision.txUrl
        ? [
            `Your withdrawal of ${what} was approved and paid on BNB Smart Chain (BEP20).`,
            `Transaction: ${decision.txUrl}`,
          ]
        : [
            `Your withdrawal of ${what} was approved. The payment on BNB Smart Chain (BEP20) is made separately; its transaction will show on your Rewards page once it is recorded.`,
          ]
      : [
          `Your withdrawal of ${what} was ${decision.status === 'REJECTED' ? 'rejected' : 'blocked for compliance'}. The amount is back in your available balance.`,
          `Reason: ${decision.reason ?? 'not given'}.`,
        ];
  return renderMail({
    to: to.email,
    subject: DECISION_SUBJECT[decision.status],
    category: 'money',
    greeting: `Hello ${to.firstName},`,
    paragraphs,
    action: { label: 'See your withdrawals', url: rewardsUrl },
  });
}

/**
 * To administrators: a member's request waits for review. An admin alert beyond the spec (whose
 * alert switches are local only): sent when `emailNotifications` and `withdrawalAlerts` are on
 * (SettingsService.alertRecipients).
 */
export function withdrawalAlertMail(
  to: { email: string; firstName: string },
  withdrawal: {
    id: string;
    member: { firstName: string; lastName: string; email: string; userNumber: string };
    /** USDT, every micro of it (`microText(amount, 'exact')`, decision 050). */
    amount: string;
    walletAddress: string;
  },
  publicUrl: string,
) {
  const { member } = withdrawal;
  const amount = `${withdrawal.amount} USDT`;
  return renderMail({
    to: to.email,
    subject: `New withdrawal request: ${amount} from ${member.firstName} ${member.lastName}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${member.firstName} ${member.lastName} (${member.email}, ${member.userNumber}) requested a withdrawal that is waiting for review.`,
      `Amount: ${amount}`,
      `Wallet address: ${withdrawal.walletAddress}`,
    ],
    action: { label: 'Review the request', url: `${publicUrl}/admin/withdrawals/${withdrawal.id}` },
    footnote: 'You receive this because withdrawal alerts are on in Admin Settings.',
  });
}
