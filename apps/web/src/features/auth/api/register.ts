import { registerResponseSchema, type RegisterRequest } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/register */

export async function register(input: RegisterRequest) {
  const { data } = await api.post('/users/register', input, { schema: registerResponseSchema });
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
