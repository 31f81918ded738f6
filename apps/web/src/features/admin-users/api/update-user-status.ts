import type { UserStatus } from '@ctn/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { USER_STATUSES } from '@ctn/contracts/constants';
import { api } from '@/lib/api-client';
import { adminUserDetailKeys } from './get-admin-user-detail';
import { adminUsersKeys } from './get-admin-users';

/** PUT /api/users/{id}/status {status} -> {_id, status}. */

const statusAnswerSchema = z.object({ _id: z.string(), status: z.enum(USER_STATUSES) });

export async function updateUserStatus(input: { id: string; status: UserStatus }) {
  const { data } = await api.put(
    `/users/${encodeURIComponent(input.id)}/status`,
    { status: input.status },
    { schema: statusAnswerSchema, audience: 'admin' },
  );
  return data;
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminUserDetailKeys.all });
    },
  });
}
