import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/unlock-sign-in: the owner's mailed link ends the account's sign-in pauses. */
export function useUnlockSignIn() {
  return useMutation({
    mutationFn: async (input: { token: string }) => {
      await api.post('/users/unlock-sign-in', input);
    },
  });
}
