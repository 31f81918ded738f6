import type { EmailRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/resend-verification-email */

export async function resendVerificationEmail(input: EmailRequest): Promise<void> {
  await api.post('/users/resend-verification-email', input);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
