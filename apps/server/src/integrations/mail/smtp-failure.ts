/** What nodemailer puts on the errors it hands back (its NodemailerError, read defensively). */
interface NodemailerFault {
  message?: unknown;
  code?: unknown;
  command?: unknown;
  response?: unknown;
  responseCode?: unknown;
}

/**
 * A failed send, as the outbox acts on it (decision 036):
 * - `recipient`: the relay refused this address, or this mail for it, for good (a 5xx answer to
 *   RCPT TO or to the message itself, or an address nodemailer cannot send to). Retrying gets the
 *   same answer and hurts the sender's reputation: the row is failed, the address marked.
 * - `retry`: a 4xx answer (421, 450, ...), a network fault, a timeout, or a refusal of the sender
 *   rather than the recipient (5xx to the greeting, AUTH or MAIL FROM: our configuration, which
 *   the operator can fix, so the mail waits for it instead of being lost).
 */
export interface SmtpFailure {
  kind: 'recipient' | 'retry';
  /** The relay's answer ("550 5.1.1 <x@y>: Recipient address rejected") or the fault. */
  answer: string;
  /** The SMTP command answered, when the relay answered one. */
  command: string | null;
  responseCode: number | null;
}

/** Commands whose permanent refusal is about the recipient (or this mail to it), not about us. */
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'DATA']);

export function smtpFailureOf(err: unknown): SmtpFailure {
  const fault: NodemailerFault = typeof err === 'object' && err !== null ? err : {};
  const responseCode = typeof fault.responseCode === 'number' ? fault.responseCode : null;
  const command = typeof fault.command === 'string' ? fault.command : null;
  const response = typeof fault.response === 'string' ? fault.response.trim() : '';
  const message =
    err instanceof Error ? err.message : typeof fault.message === 'string' ? fault.message : '';
  const answer = (response || message || String(err)).slice(0, 500);
  // RFC 5321 4.2.1: 5yz is a permanent negative completion; 503 (bad sequence) is about the
  // session, not the mail, and nodemailer treats it as transient too.
  const permanent = responseCode !== null && responseCode >= 500 && responseCode !== 503;
  const refusedRecipient =
    (permanent && command !== null && RECIPIENT_COMMANDS.has(command)) ||
    // nodemailer refused the address itself before sending ("Invalid recipient ...").
    (fault.code === 'EENVELOPE' && command === 'API');
  return { kind: refusedRecipient ? 'recipient' : 'retry', answer, command, responseCode };
}
