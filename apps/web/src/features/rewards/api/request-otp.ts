import { otpRequestResponseSchema, type OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/otp/withdrawal/request: mails a verification code to the member. The body is empty
 * (member section 7), so none is sent at all: a JSON content type with no JSON would be refused.
 */
export async function requestWithdrawalOtp(): Promise<OtpRequestResponse> {
  const { data } = await api.post('/otp/withdrawal/request', undefined, {
    schema: otpRequestResponseSchema,
  });
  return data;
}

export function useRequestWithdrawalOtp() {
  return useMutation({ mutationFn: requestWithdrawalOtp });
}
