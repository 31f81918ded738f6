import {
  loginResponseSchema,
  type LoginRequest,
  type PendingUser,
  type User,
} from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** POST /api/users/login */

export type LoginResult =
  | { kind: 'signed-in'; token: string; user: User; firstSignIn: boolean }
  | { kind: 'verification-required'; pendingUser: PendingUser }
  /** The password was right; the account also needs its authenticator code (`totpCode`). */
  | { kind: 'two-factor-required' };

export async function login(input: LoginRequest): Promise<LoginResult> {
  try {
    const { data } = await api.post('/users/login', input, { schema: loginResponseSchema });
    // The right password on an unverified account: a success with the pending user, no token.
    if (data.requiresVerification) return { kind: 'verification-required', pendingUser: data.user };
    return {
      kind: 'signed-in',
      token: data.token,
      user: data.user,
      firstSignIn: data.firstSignIn === true,
    };
  } catch (error) {
    if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED')
      return { kind: 'two-factor-required' };
    throw error;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
