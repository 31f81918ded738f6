import { mailTestResultSchema, type MailTestResult } from '@ctn/contracts/mail';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/mail/test: one mail straight to the relay, and what the relay answered. */
export async function sendTestMail(to: string): Promise<MailTestResult> {
  const { data } = await api.post(
    '/admin/mail/test',
    { to },
    { schema: mailTestResultSchema, audience: 'admin' },
  );
  return data;
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
