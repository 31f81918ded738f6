import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The relay accepted the mail: its answer to the end of DATA ("250 2.0.0 Ok: queued as ..."). */
export interface SentMail {
  response: string;
}

/** Where delivered mail goes: a real SMTP server, or nowhere (the outbox rows are the dev mailbox). */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  /**
   * The longest one `send` can take, waiting for a pooled connection included: past it the send
   * is aborted. The outbox lease is derived from it (mail.service.ts), so a row is never sent by
   * two instances at once, however slow the relay.
   */
  readonly sendDeadlineMs: number;
  /** How many sends it carries at once (the pool's connections). */
  readonly concurrency: number;
  /** Resolves once the relay accepted the mail; rejects with the relay's answer or the fault. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** nodemailer's timeouts, in milliseconds (its defaults: 2 min, 30 s and 10 min). */
export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** From connecting to the relay's 220 greeting. */
  greetingMs: number;
  /** Silence allowed while waiting for any answer mid-conversation. */
  socketMs: number;
}

/**
 * A healthy relay answers within a second or two; a relay that keeps us longer is broken, and
 * the mail is better retried later (decision 036).
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 60_000,
};

/**
 * The deadline of one send, derived from the timeouts: connecting, the greeting, and one socket
 * timeout for the whole transaction (EHLO to the answer after DATA). A relay that answers every
 * command just inside the socket timeout would otherwise keep a send going for minutes; at the
 * deadline the send is aborted and its connection closed (nodemailer's per-send signal).
 */
export function sendDeadlineMs(timeouts: SmtpTimeouts): number {
  return timeouts.connectionMs + timeouts.greetingMs + timeouts.socketMs;
}

/** Connections the pool keeps open to the relay: mails go out this many at a time. */
export const SMTP_POOL_CONNECTIONS = 3;

export function smtpTransport(url: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({
    ...smtpOptions(url, timeouts),
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    // A connection is renewed after this many mails (nodemailer's default).
    maxMessages: 100,
  });
  const deadline = sendDeadlineMs(timeouts);
  return {
    kind: 'smtp',
    sendDeadlineMs: deadline,
    concurrency: SMTP_POOL_CONNECTIONS,
    async send(mail) {
      const info = await transporter.sendMail({ ...mail, signal: AbortSignal.timeout(deadline) });
      return { response: info.response };
    },
    close: () => transporter.close(),
  };
}

/** The connection options of SMTP_URL with our timeouts (the pool, the relay check). */
export function smtpOptions(url: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS) {
  return {
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  };
}

export function devMailboxTransport(): MailTransport {
  return {
    kind: 'dev-mailbox',
    // Nothing leaves: a send is instant, and this only covers recording it.
    sendDeadlineMs: 5_000,
    // Nothing to wait for; each send still records its row in a transaction of its own.
    concurrency: 5,
    send: async () => ({ response: 'kept in the dev mailbox' }),
    close: () => undefined,
  };
}
