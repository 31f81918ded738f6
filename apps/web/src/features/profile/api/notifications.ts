import { notificationSettingsSchema, type NotificationSettings } from '@ctn/contracts/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['account', 'notifications'] as const;

/** GET /api/users/notifications (beyond the spec): the mails a member may switch off. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api.get('/users/notifications', { schema: notificationSettingsSchema, signal })).data,
  });
}

/** PUT /api/users/notifications: the saved answer replaces the shown one. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) =>
      (await api.put('/users/notifications', settings, { schema: notificationSettingsSchema }))
        .data,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
