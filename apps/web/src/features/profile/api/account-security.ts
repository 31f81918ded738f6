import {
  recoveryCodesSchema,
  securityEventsResponseSchema,
  sessionsResponseSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@ctn/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetSession, profileQueryKey } from '@/lib/session';

/** The calls of the profile's security center (two-factor sign-in, sessions, security log). */

const keys = {
  twoFactor: ['account-security', 'two-factor'] as const,
  sessions: ['account-security', 'sessions'] as const,
  events: ['account-security', 'events'] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: keys.twoFactor,
    queryFn: async ({ signal }) =>
      (await api.get('/users/two-factor', { schema: twoFactorStatusSchema, signal })).data,
  });
}

/** Every view that depends on the second factor: its status, the user (twoFactorEnabled), the log. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.twoFactor }),
      queryClient.invalidateQueries({ queryKey: keys.events }),
      queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    ]);
}

export function useBeginTwoFactorSetup() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.post('/users/two-factor/setup', { password }, { schema: twoFactorSetupSchema }))
        .data,
  });
}

/** Turns it on; the profile is refreshed only once the member has seen the recovery codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async ({ code, password }: { code: string; password: string }) =>
      (
        await api.post(
          '/users/two-factor/enable',
          { code, password },
          { schema: recoveryCodesSchema },
        )
      ).data,
  });
}

export function useFinishTwoFactorSetup() {
  return useRefreshAfterChange();
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (input: { password: string; code: string }) => {
      await api.post('/users/two-factor/disable', input);
    },
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post(
          '/users/two-factor/recovery-codes',
          { code },
          { schema: recoveryCodesSchema },
        )
      ).data,
    onSuccess: refresh,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: async ({ signal }) =>
      (await api.get('/users/sessions', { schema: sessionsResponseSchema, signal })).data.sessions,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/users/sessions/${encodeURIComponent(id)}`);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.sessions }),
        queryClient.invalidateQueries({ queryKey: keys.events }),
      ]),
  });
}

/** Ends every session, this one too: the member is signed out here as well. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await api.post('/users/sessions/sign-out-everywhere');
    },
    onSuccess: () => forgetSession(),
  });
}

export function useSecurityEvents() {
  return useQuery({
    queryKey: keys.events,
    queryFn: async ({ signal }) =>
      (await api.get('/users/security-events', { schema: securityEventsResponseSchema, signal }))
        .data,
  });
}
