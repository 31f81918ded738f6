import { changePasswordResponseSchema, type ChangePasswordRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { renewSessionToken } from '@/lib/session';

/**
 * PUT /api/users/change-password. The change ends every session, so the answer carries a new
 * token for this one: it replaces the old token at once (the cached profile stays).
 */
export async function changePassword(input: ChangePasswordRequest): Promise<{ token: string }> {
  const { data } = await api.put('/users/change-password', input, {
    schema: changePasswordResponseSchema,
  });
  return data;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => renewSessionToken(token),
  });
}
