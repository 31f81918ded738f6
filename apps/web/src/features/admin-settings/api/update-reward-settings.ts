import { rewardSettingsSchema, type RewardSettings } from '@ctn/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rewardSettingsKey } from './get-reward-settings';

/** PUT /api/admin/settings/rewards: saves the settings and answers them as stored. */

export async function updateRewardSettings(input: RewardSettings): Promise<RewardSettings> {
  const { data } = await api.put('/admin/settings/rewards', input, {
    schema: rewardSettingsSchema,
    audience: 'admin',
  });
  return data;
}

export function useUpdateRewardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRewardSettings,
    onSuccess: (saved) => queryClient.setQueryData(rewardSettingsKey, saved),
  });
}
