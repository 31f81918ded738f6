import type { User } from '@ctn/contracts/accounts';
import { isSubscriptionPaid } from '@ctn/contracts/subscription-fee';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { api, isApiError } from './api-client';
import { clearToken, getToken, setToken, subscribeToken } from './auth-token';
import { clearAdminStorage, readItem, removeItem, writeItem } from './storage';

/**
 * The session: a token in local storage plus the profile it unlocks. TanStack Query owns the
 * profile (`GET /api/users/profile`); the session user IS that query's data, so a refetch or an
 * invalidation anywhere updates every screen.
 */

// ------------------------------------------------------------------ GET /api/users/profile

export async function getProfile(signal?: AbortSignal): Promise<User> {
  // The schema (and zod with it) loads only when there is a session to check, so a visitor's
  // first page (the landing page) does without it; it loads while the request is out.
  const schema = import('@ctn/contracts/accounts').then((m) => m.userSchema);
  const { data } = await api.get('/users/profile', { schema, signal });
  return data;
}

export const profileQueryKey = ['session', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
    // A network blip at start is retried before it ends the session; an answer is final.
    retry: (failureCount, error) =>
      isApiError(error) && error.code === 'NETWORK_ERROR' && failureCount < 2,
  });

// ------------------------------------------------------------------------------- hooks

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

const LOADING: Session = { status: 'loading', user: null };
const SIGNED_OUT: Session = { status: 'unauthenticated', user: null };

export function useSession(): Session {
  const token = useToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  if (token === null) return SIGNED_OUT;
  if (profile.data) return { status: 'authenticated', user: profile.data };
  if (profile.isError) return SIGNED_OUT;
  return LOADING;
}

/** Starts a session from a login answer: no extra profile request, every screen updates. */
/** This tab's session began with the account's first sign-in ever (the sign-in said so). */
const FIRST_SIGN_IN_KEY = 'firstSignIn';

/** Whether to greet a new member ("Welcome") rather than a returning one ("Welcome back"). */
export const isFirstSignIn = (): boolean => readItem('session', FIRST_SIGN_IN_KEY) === '1';

export function useStartSession(): (token: string, user: User, firstSignIn?: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, user: User, firstSignIn = false) => {
      if (firstSignIn) writeItem('session', FIRST_SIGN_IN_KEY, '1');
      else removeItem('session', FIRST_SIGN_IN_KEY);
      queryClient.setQueryData(profileQueryKey, user);
      setToken(token);
    },
    [queryClient],
  );
}

/**
 * The same account's session continues under a new token (a password change ends the old one):
 * the cached answers stay, so no screen reloads.
 */
let renewing = false;
export function renewSessionToken(token: string): void {
  renewing = true;
  try {
    setToken(token);
  } finally {
    renewing = false;
  }
}

/**
 * Sign-out: the server ends this session (`POST /users/logout`, so a copied token stops working
 * at once), and the token goes here whatever that call answers, with every cached answer (see
 * SessionProvider) and whatever the admin side stored. The call reads the token before its first
 * await, so it still carries it after the token is forgotten below.
 */
export function signOut(): void {
  if (getToken() !== null) void api.post('/users/logout').catch(() => undefined);
  forgetSession();
}

/** Forgets the session here only: for when the server has ended it already (sign out everywhere). */
export function forgetSession(): void {
  clearAdminStorage();
  removeItem('session', FIRST_SIGN_IN_KEY);
  clearToken();
}

// ---------------------------------------------------------------------------- provider

/**
 * Keeps the session consistent:
 * - a token whose profile cannot be loaded at start is dropped (member section 4);
 * - when the token goes (sign-out, a 401, another tab) or changes to another account's, the
 *   query cache is cleared so no screen shows the previous user's data.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  const failedAtStart = token !== null && profile.isError && profile.data === undefined;

  useEffect(() => {
    if (failedAtStart) clearToken();
  }, [failedAtStart]);

  useEffect(() => {
    let previous = getToken();
    return subscribeToken(() => {
      const current = getToken();
      if (current === previous) return;
      // A fresh sign-in (null -> token) keeps the profile it has just put in the cache, and a
      // renewed token (renewSessionToken) is still the same account.
      if (!renewing && (current === null || previous !== null)) queryClient.clear();
      previous = current;
    });
  }, [queryClient]);

  return children;
}

/** The signed-in user, inside routes whose guard has already required a session. */
export function useAuthenticatedUser(): User {
  const session = useSession();
  if (session.status !== 'authenticated')
    throw new Error('useAuthenticatedUser is used outside a signed-in route');
  return session.user;
}

/** A member may use the member pages once the subscription is paid and an exchange UID linked. */
export function isOnboarded(user: Pick<User, 'subscriptionFee' | 'bingXUID'>): boolean {
  return isSubscriptionPaid(user.subscriptionFee) && Boolean(user.bingXUID);
}
