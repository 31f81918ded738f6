import { antiPhishingResponseSchema, type AntiPhishingRequest } from '@ctn/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = {
  phrase: ['account-security', 'anti-phishing'] as const,
  events: ['account-security', 'events'] as const,
};

/** GET /api/users/anti-phishing: the phrase every mail to the member starts with. */
export function useAntiPhishingPhrase() {
  return useQuery({
    queryKey: keys.phrase,
    queryFn: async ({ signal }) =>
      (await api.get('/users/anti-phishing', { schema: antiPhishingResponseSchema, signal })).data,
  });
}

/** PUT /api/users/anti-phishing: set, change or remove (null); the security log shows it. */
export function useSaveAntiPhishingPhrase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AntiPhishingRequest) =>
      (await api.put('/users/anti-phishing', request, { schema: antiPhishingResponseSchema })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.phrase, saved);
      void queryClient.invalidateQueries({ queryKey: keys.events });
    },
  });
}
