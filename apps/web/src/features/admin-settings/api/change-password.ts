import { changePasswordResponseSchema, type ChangePasswordRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { renewSessionToken } from '@/lib/session';

/**
 * PUT /api/users/change-password (the admin's own password). The change ends every session, so
 * the answer carries a new token for this one, which replaces the old token at once.
 */
export async function changeAdminPassword(
  input: ChangePasswordRequest,
): Promise<{ token: string }> {
  const { data } = await api.put('/users/change-password', input, {
    schema: changePasswordResponseSchema,
    audience: 'admin',
  });
  return data;
}

export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: changeAdminPassword,
    onSuccess: ({ token }) => renewSessionToken(token),
  });
}
