import type { ContactReceipt, ContactRequestInput } from '@ctn/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/public/contact: the ticket number comes back (and is mailed to the sender). */
export async function sendContactMessage(input: ContactRequestInput): Promise<ContactReceipt> {
  const { contactReceiptSchema } = await import('@ctn/contracts/operator');
  return (await api.post('/public/contact', input, { schema: contactReceiptSchema })).data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
