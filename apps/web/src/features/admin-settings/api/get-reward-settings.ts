import { rewardSettingsSchema, type RewardSettings } from '@ctn/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/settings/rewards: the fee, the reward schedules and the compliance window. */

export async function getRewardSettings(signal?: AbortSignal): Promise<RewardSettings> {
  const { data } = await api.get('/admin/settings/rewards', {
    schema: rewardSettingsSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const rewardSettingsKey = ['admin', 'settings', 'rewards'] as const;

export const rewardSettingsQueryOptions = () =>
  queryOptions({
    queryKey: rewardSettingsKey,
    queryFn: ({ signal }) => getRewardSettings(signal),
  });

export function useRewardSettings() {
  return useQuery(rewardSettingsQueryOptions());
}
