import type { ResetPasswordRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/reset-password */

export async function resetPassword(input: ResetPasswordRequest): Promise<void> {
  await api.post('/users/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
