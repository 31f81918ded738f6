import { CONTACT_TOPICS, type ContactRequest } from '@ctn/contracts/operator';
import { renderMail } from '../mail/mail-templates';

/** What reaches support: everything the sender wrote, and how to answer them. */
export function ticketToSupportMail(to: string, ticket: string, request: ContactRequest) {
  const topic = CONTACT_TOPICS[request.topic];
  return renderMail({
    to,
    subject: `[${ticket}] ${request.subject || topic}`,
    greeting: `New message through the contact form, ticket ${ticket}.`,
    paragraphs: [
      `From: ${request.name} <${request.email}>`,
      `Topic: ${topic}`,
      ...(request.subject ? [`Subject: ${request.subject}`] : []),
      request.message,
      `Answer the sender at ${request.email} and quote ${ticket}.`,
    ],
  });
}

/** The sender's receipt: the ticket number to quote, and when to expect an answer. */
export function ticketReceiptMail(request: ContactRequest, ticket: string, hours: string | null) {
  return renderMail({
    to: request.email,
    subject: `We received your message: ticket ${ticket}`,
    greeting: `Hello ${request.name},`,
    paragraphs: [
      `Thank you for writing to us. Your ticket number is ${ticket}: please quote it if you write again about the same matter.`,
      hours ? `Our support hours: ${hours}.` : 'Our team answers by email at this address.',
      `Your message (${CONTACT_TOPICS[request.topic]}): ${request.message}`,
    ],
    footnote: 'If you did not write to us, you can ignore this email.',
  });
}
