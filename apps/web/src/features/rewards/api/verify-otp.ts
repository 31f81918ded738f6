import type { otpVerifyRequestSchema } from '@ctn/contracts/withdrawals';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type OtpVerifyRequest = z.input<typeof otpVerifyRequestSchema>;

/** POST /api/otp/withdrawal/verify {otp}: only success or failure matters (member section 7). */
export async function verifyWithdrawalOtp(otp: string): Promise<void> {
  const body: OtpVerifyRequest = { otp };
  await api.post('/otp/withdrawal/verify', body);
}

export function useVerifyWithdrawalOtp() {
  return useMutation({ mutationFn: verifyWithdrawalOtp });
}
