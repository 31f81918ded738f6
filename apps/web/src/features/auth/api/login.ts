import {
  loginResponseSchema,
  loginUnverifiedDataSchema,
  type LoginRequest,
  type PendingUser,
  type User,
} from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** POST /api/users/login */

export type LoginResult =
  | { kind: 'signed-in'; token: string; user: User }
  | { kind: 'verification-required'; pendingUser: PendingUser }
  /** The password was right; the account also needs its authenticator code (`totpCode`). */
  | { kind: 'two-factor-required' };

export async function login(input: LoginRequest): Promise<LoginResult> {
  try {
    const { data } = await api.post('/users/login', input);
    const unverified = loginUnverifiedDataSchema.safeParse(data);
    if (unverified.success)
      return { kind: 'verification-required', pendingUser: unverified.data.user };
    const signedIn = loginResponseSchema.safeParse(data);
    if (!signedIn.success) {
      console.error('Unexpected answer from POST /users/login', signedIn.error.issues);
      throw new TypeError('Unexpected answer from POST /users/login');
    }
    return { kind: 'signed-in', token: signedIn.data.token, user: signedIn.data.user };
  } catch (error) {
    // The right password on an unverified account: 403 EMAIL_NOT_VERIFIED with the pending user.
    if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
      const unverified = loginUnverifiedDataSchema.safeParse(error.data);
      return {
        kind: 'verification-required',
        pendingUser: unverified.success
          ? unverified.data.user
          : { email: input.email, firstName: '', lastName: '' },
      };
    }
    if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED')
      return { kind: 'two-factor-required' };
    throw error;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
