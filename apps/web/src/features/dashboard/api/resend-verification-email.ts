import { isSuccessCode, SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/users/resend-verification-email from the dashboard. The auth feature has its own
 * call; features do not share code, and this one also needs the answer's message, which the
 * dashboard shows (member section 8, "Dashboard resend").
 */
export async function resendVerificationEmail(email: string): Promise<string> {
  const { message } = await api.post('/users/resend-verification-email', { email });
  // A bare OK says nothing to a member: the usual sentence stands in.
  return isSuccessCode(message) && message !== 'OK'
    ? SUCCESS_MESSAGES[message]
    : SUCCESS_MESSAGES.VERIFICATION_EMAIL_SENT;
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
