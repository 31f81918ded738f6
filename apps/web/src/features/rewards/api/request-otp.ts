import { otpRequestResponseSchema, type OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { WithdrawalDraft } from '../lib/withdrawal-form';

/**
 * POST /api/otp/withdrawal/request: mails a verification code to the member. The spec sends no
 * body; beyond it, the dialog names the withdrawal the code is for, so the mail states the
 * amount and the address the member is about to confirm.
 */
export async function requestWithdrawalOtp(draft: WithdrawalDraft): Promise<OtpRequestResponse> {
  const { data } = await api.post(
    '/otp/withdrawal/request',
    { amount: draft.amount, walletAddress: draft.walletAddress },
    { schema: otpRequestResponseSchema },
  );
  return data;
}

export function useRequestWithdrawalOtp() {
  return useMutation({ mutationFn: requestWithdrawalOtp });
}
