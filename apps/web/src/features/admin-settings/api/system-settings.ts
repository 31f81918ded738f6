import { systemSettingsSchema, type SystemSettings } from '@ctn/contracts/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET/PUT /api/admin/settings/system: sessions, sign-in limit, maintenance, alert mails. */

export async function getSystemSettings(signal?: AbortSignal): Promise<SystemSettings> {
  const { data } = await api.get('/admin/settings/system', {
    schema: systemSettingsSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export async function updateSystemSettings(input: SystemSettings): Promise<SystemSettings> {
  const { data } = await api.put('/admin/settings/system', input, {
    schema: systemSettingsSchema,
    audience: 'admin',
  });
  return data;
}

export const systemSettingsKey = ['admin', 'settings', 'system'] as const;

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: systemSettingsKey,
    queryFn: ({ signal }) => getSystemSettings(signal),
  });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    onSuccess: (saved) => queryClient.setQueryData(systemSettingsKey, saved),
  });
}
