import { userSchema, type User } from '@ctn/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PUT /api/users/bingx-uid with the trimmed UID. The server checks the UID with the exchange
 * (invited, KYC, deposit) and answers with the updated user. The caller refreshes the profile
 * when it leaves the page: doing it at once would let the onboarding guard redirect before the
 * success message has been shown.
 */
export async function linkBingXUid(bingXUID: string): Promise<{ user: User; message: string }> {
  const { data, message } = await api.put('/users/bingx-uid', { bingXUID }, { schema: userSchema });
  return { user: data, message };
}

export function useLinkBingXUid() {
  return useMutation({ mutationFn: linkBingXUid });
}
