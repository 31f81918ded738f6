import { launchChecklistSchema, type LaunchChecklist } from '@ctn/contracts/launch-checklist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/launch-checklist: the preflight's checks as this server runs them (kept a
 * minute by the server); `fresh` runs them again ("Check again").
 */
export async function getLaunchChecklist(
  fresh: boolean,
  signal?: AbortSignal,
): Promise<LaunchChecklist> {
  const { data } = await api.get('/admin/launch-checklist', {
    schema: launchChecklistSchema,
    audience: 'admin',
    ...(fresh ? { query: { fresh: 'true' } } : {}),
    signal,
  });
  return data;
}

export const launchChecklistKey = ['admin', 'launch-checklist'] as const;

export function useLaunchChecklist() {
  return useQuery({
    queryKey: launchChecklistKey,
    queryFn: ({ signal }) => getLaunchChecklist(false, signal),
  });
}

/** "Check again": a new run, whose results replace the card's. */
export function useCheckAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getLaunchChecklist(true),
    onSuccess: (data) => queryClient.setQueryData(launchChecklistKey, data),
  });
}
