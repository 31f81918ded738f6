import type { EmailRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/forgot-password */

export async function forgotPassword(input: EmailRequest): Promise<void> {
  await api.post('/users/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
