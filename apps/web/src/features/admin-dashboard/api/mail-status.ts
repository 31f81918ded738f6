import { mailOutboxStatusSchema, type MailOutboxStatus } from '@ctn/contracts/mail';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/mail/status: the mail outbox's backlog, its oldest mail, permanent failures. */
export function useMailStatus() {
  return useQuery({
    queryKey: ['admin', 'mail-status'] as const,
    queryFn: async ({ signal }): Promise<MailOutboxStatus> =>
      (
        await api.get('/admin/mail/status', {
          schema: mailOutboxStatusSchema,
          audience: 'admin',
          signal,
        })
      ).data,
  });
}
