import type { MailOutboxStatus, MailTestResult } from '@ctn/contracts/mail';
import type { Db } from '../../db/client';
import { checkSmtpRelay } from '../../integrations/mail/relay-check';
import { AppError } from '../../lib/app-error';
import { takeTurn, type RateLimiter, type RateRule } from '../../lib/rate-limiter';
import type { Actor, AuditService } from '../audit/audit.service';
import { renderMail } from './mail-templates';
import { BACKLOG_ALERT_AFTER_MINUTES, type MailService } from './mail.service';

/** Test mails per administrator: enough to try a fix a few times, not to send mail at large. */
const TEST_MAIL_RULE: RateRule = { limit: 5, windowMs: 10 * 60_000 };

export interface MailAdminDeps {
  db: Db;
  mail: MailService;
  audit: AuditService;
  limiter: RateLimiter;
  /** SMTP_URL; undefined: the dev mailbox, and no test mail. */
  smtpUrl: string | undefined;
  from: string;
}

/** The mail outbox and relay as administrators see them: the dashboard card, the test mail. */
export class MailAdminService {
  constructor(private readonly deps: MailAdminDeps) {}

  async status(): Promise<MailOutboxStatus> {
    const [health, alertingSince] = await Promise.all([
      this.deps.mail.health(),
      this.deps.mail.backlogAlertSince(),
    ]);
    return {
      transport: this.deps.smtpUrl ? 'smtp' : 'dev-mailbox',
      backlog: health.backlog,
      oldestUnsentAt: health.oldestUnsentAt?.toISOString() ?? null,
      oldestError: health.oldestError,
      failedLastDay: health.failedLastDay,
      alertAfterMinutes: BACKLOG_ALERT_AFTER_MINUTES,
      alertingSince: alertingSince?.toISOString() ?? null,
    };
  }

  /**
   * Sends one mail straight to the relay, past the outbox, and answers what the relay said: the
   * point is to know now whether mail leaves. Throttled per administrator; audited.
   */
  async sendTestMail(actor: Actor, to: string): Promise<MailTestResult> {
    const { smtpUrl } = this.deps;
    if (!smtpUrl) throw new AppError('MAIL_NOT_CONFIGURED');
    await takeTurn(this.deps.limiter, `mail-test:${actor.id}`, TEST_MAIL_RULE);
    const mail = renderMail({
      to,
      subject: 'Test mail from CopyTrade Network',
      greeting: 'Hello,',
      paragraphs: [
        `${actor.email} sent this test mail from Admin Settings at ${new Date().toISOString()}.`,
        'If it arrived in the inbox (not in spam), the relay, the sender address and its SPF, DKIM and DMARC records work for this mailbox.',
      ],
    });
    const check = await checkSmtpRelay({
      smtpUrl,
      from: this.deps.from,
      testMail: { to, subject: mail.subject, text: mail.textBody, html: mail.htmlBody },
    });
    const result: MailTestResult = {
      to,
      accepted: check.testMail?.accepted ?? false,
      answer: check.answer,
      failedStep: check.failedStep,
      durationMs: check.durationMs,
    };
    await this.deps.audit.record(this.deps.db, actor, {
      action: 'MAIL_TEST_SENT',
      after: { to, accepted: result.accepted, answer: result.answer },
    });
    return result;
  }
}
