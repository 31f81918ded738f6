import nodemailer from 'nodemailer';
import { smtpFailureOf } from './smtp-failure';
import {
  sendDeadlineMs,
  smtpOptions,
  SMTP_TIMEOUTS,
  type OutgoingMail,
  type SmtpTimeouts,
} from './transport';

/** Where a check of the relay stopped. */
export type RelayStep = 'connect' | 'tls' | 'login' | 'send';

export interface RelayCheck {
  /** Connected, greeted, upgraded to TLS where the relay offers it, logged in where the URL says. */
  verified: boolean;
  /** The step that failed; null when every step asked for passed. */
  failedStep: RelayStep | null;
  /** The relay's last answer: its acceptance of the test mail, or the refusal or fault. */
  answer: string;
  /**
   * The SMTP command the relay refused and its reply code ("MAIL FROM", 550), when it refused
   * one: a refusal of the sender is MAIL_FROM's fault, not the relay's (smtp-failure.ts).
   */
  refused: { command: string | null; responseCode: number | null } | null;
  /** Only when a test mail was asked for: whether the relay accepted it. */
  testMail: { to: string; accepted: boolean } | null;
  durationMs: number;
}

export interface RelayCheckOptions {
  smtpUrl: string;
  from: string;
  /** Also send this mail (after the handshake succeeded). */
  testMail?: Omit<OutgoingMail, 'from'>;
  timeouts?: SmtpTimeouts;
}

/** The step nodemailer's fault belongs to (its codes: ETLS, EAUTH, ECONNECTION, ...). */
function stepOf(err: unknown): Exclude<RelayStep, 'send'> {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : null;
  if (code === 'ETLS' || code === 'EREQUIRETLS') return 'tls';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'login';
  return 'connect';
}

function refusalOf(err: unknown): Pick<RelayCheck, 'answer' | 'refused'> {
  const { answer, command, responseCode } = smtpFailureOf(err);
  return { answer, refused: { command, responseCode } };
}

/**
 * Checks the SMTP relay of SMTP_URL on a connection of its own (never the outbox's pool):
 * `transporter.verify()` connects, reads the greeting, upgrades to TLS and logs in; then, when
 * asked, sends one test mail and reports the relay's answer. Never throws: the result says what
 * failed, for the admin's test mail and for a preflight check.
 */
export async function checkSmtpRelay(options: RelayCheckOptions): Promise<RelayCheck> {
  const timeouts = options.timeouts ?? SMTP_TIMEOUTS;
  const transporter = nodemailer.createTransport(smtpOptions(options.smtpUrl, timeouts));
  const started = performance.now();
  const done = (result: Omit<RelayCheck, 'durationMs'>): RelayCheck => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const testTo = options.testMail?.to;
  try {
    try {
      await transporter.verify();
    } catch (err) {
      return done({
        verified: false,
        failedStep: stepOf(err),
        ...refusalOf(err),
        testMail: testTo ? { to: testTo, accepted: false } : null,
      });
    }
    if (!options.testMail)
      return done({
        verified: true,
        failedStep: null,
        answer: 'connected',
        refused: null,
        testMail: null,
      });
    try {
      const info = await transporter.sendMail({
        ...options.testMail,
        from: options.from,
        signal: AbortSignal.timeout(sendDeadlineMs(timeouts)),
      });
      return done({
        verified: true,
        failedStep: null,
        answer: info.response,
        refused: null,
        testMail: { to: options.testMail.to, accepted: true },
      });
    } catch (err) {
      return done({
        verified: true,
        failedStep: 'send',
        ...refusalOf(err),
        testMail: { to: options.testMail.to, accepted: false },
      });
    }
  } finally {
    transporter.close();
  }
}
