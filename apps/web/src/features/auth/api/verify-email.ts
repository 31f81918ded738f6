import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/verify-email */

export async function verifyEmail(input: { token: string }): Promise<void> {
  await api.post('/users/verify-email', input);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
