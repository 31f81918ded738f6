import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants';
import { isEmail } from './validation';

/** The mail outbox as administrators see it (decision 036): the dashboard and the test mail. */

export const mailOutboxStatusSchema = z.object({
  /** `smtp`: a relay delivers; `dev-mailbox`: nothing leaves (development, /dev/mail). */
  transport: z.enum(['smtp', 'dev-mailbox']),
  /** Mails neither delivered nor refused for good. */
  backlog: z.number().int(),
  /** When the oldest of them was written; null when the backlog is empty. */
  oldestUnsentAt: z.string().nullable(),
  /** That mail's last fault ("421 4.7.0 Try again later", "connect ECONNREFUSED ..."). */
  oldestError: z.string().nullable(),
  /** Mails the relay refused for good in the last 24 hours. */
  failedLastDay: z.number().int(),
  /** The oldest unsent mail older than this alerts the administrators. */
  alertAfterMinutes: z.number().int(),
  /** Since when the backlog alert's episode lasts; null when the outbox keeps up. */
  alertingSince: z.string().nullable(),
});
export type MailOutboxStatus = z.infer<typeof mailOutboxStatusSchema>;

export const mailTestRequestSchema = z.object({
  to: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, 'Email is invalid')
    .refine(isEmail, 'Email is invalid'),
});
export type MailTestRequest = z.infer<typeof mailTestRequestSchema>;

export const MAIL_TEST_STEPS = ['connect', 'tls', 'login', 'send'] as const;

export const mailTestResultSchema = z.object({
  to: z.string(),
  /** The relay took the mail (its 250 answer after the data). */
  accepted: z.boolean(),
  /** The relay's answer, or the fault that stopped the check. */
  answer: z.string(),
  /** Where it stopped: connecting, TLS, logging in, or the mail itself; null when accepted. */
  failedStep: z.enum(MAIL_TEST_STEPS).nullable(),
  durationMs: z.number().int(),
});
export type MailTestResult = z.infer<typeof mailTestResultSchema>;
