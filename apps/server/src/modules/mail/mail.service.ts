import type { Logger } from '../../lib/logger';
import type { Db } from '../../db/client';
import { smtpFailureOf, type SmtpFailure } from '../../integrations/mail/smtp-failure';
import type { MailTransport } from '../../integrations/mail/transport';
import type { SettingsService } from '../settings/settings.service';
import { backlogAlertMail, undeliverableAlertMail } from './mail-alerts';
import { ANTI_PHISHING_MARK, antiPhishingBlock, escapeHtml, NOT_ME_URL } from './mail-templates';
import {
  claimDueMails,
  clearUndeliverable,
  closeEpisode,
  episodeOpen,
  findMail,
  insertMails,
  listMails,
  markFailedForGood,
  markSent,
  markUndeliverable,
  openEpisode,
  outboxHealth,
  purgeDelivered,
  recipientsOf,
  scheduleRetry,
  type NewMail,
  type Recipient,
  type OutboxHealth,
  type OutboxRow,
} from './mail.queries';

export type MailRecord = OutboxRow;

/** Recipients read per statement when many mails are queued at once (a cycle's members). */
const RECIPIENTS_PER_LOOKUP = 1_000;

/** Retries wait 2, 4, 8 ... minutes, an hour at most: never given up, the backlog shows them. */
const FIRST_RETRY_SECONDS = 120;
const LONGEST_RETRY_SECONDS = 3_600;
/** The oldest unsent mail older than this alerts the administrators (once per episode). */
export const BACKLOG_ALERT_AFTER_MINUTES = 15;
const BACKLOG_EPISODE = 'mail-backlog';

/**
 * How long a claimed row stays hidden from every other deliverer: the transport's deadline for
 * one send (a batch goes out at once, one mail per pooled connection, each aborted at that
 * deadline), and half as much again to record the outcome. SMTP's 80 s deadline gives 120 s. A
 * lease shorter than the slowest send let a second instance send the same row (decision 036).
 */
export function leaseMsOf(transport: MailTransport): number {
  return transport.sendDeadlineMs * 1.5;
}

function ageSeconds(since: Date | null, now = new Date()): number | null {
  return since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : null;
}

export function retrySecondsAfter(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_SECONDS);
}

export interface MailServiceDeps {
  db: Db;
  transport: MailTransport;
  from: string;
  log: Logger;
  /** Who receives operational alerts (decision 036: refused addresses, a stale backlog). */
  settings: Pick<SettingsService, 'alertRecipients'>;
  publicUrl: string;
  /**
   * The signed "Not me? Freeze my account" link of an account (decision 040), put into every
   * security and money mail as it is queued; for an address of no account, where to turn.
   */
  notMeUrl: (accountId: string | null) => string;
}

/**
 * Mail goes through the outbox: `enqueue` writes it inside the caller's transaction, so a mail
 * exists exactly when the change that caused it committed; `deliverDue` sends what is due.
 */
export class MailService {
  private delivering: Promise<number> | null = null;
  private readonly leaseMs: number;

  constructor(private readonly deps: MailServiceDeps) {
    this.leaseMs = leaseMsOf(deps.transport);
  }

  get usesDevMailbox(): boolean {
    return this.deps.transport.kind === 'dev-mailbox';
  }

  async enqueue(tx: Db, mail: NewMail): Promise<void> {
    await this.enqueueMany(tx, [mail]);
  }

  /** Many mails in few statements (a cycle's members), inside the caller's transaction. */
  async enqueueMany(tx: Db, mails: readonly NewMail[]): Promise<void> {
    const personal: NewMail[] = [];
    for (let at = 0; at < mails.length; at += RECIPIENTS_PER_LOOKUP) {
      const batch = mails.slice(at, at + RECIPIENTS_PER_LOOKUP);
      const recipients = await recipientsOf(
        tx,
        batch.map((m) => m.toAddress),
      );
      for (const mail of batch)
        personal.push(this.personalised(mail, recipients.get(mail.toAddress.toLowerCase())));
    }
    await insertMails(tx, personal);
  }

  /**
   * The layout's placeholders filled for the recipient: their anti-phishing phrase at the top
   * (decision 051), and their own signed freeze link in a security or money mail (decision 040).
   */
  private personalised(mail: NewMail, recipient: Recipient | undefined): NewMail {
    const phrase = antiPhishingBlock(recipient?.antiPhishingPhrase ?? null);
    let textBody = mail.textBody.replaceAll(ANTI_PHISHING_MARK, phrase.text);
    let htmlBody = mail.htmlBody.replaceAll(ANTI_PHISHING_MARK, phrase.html);
    if (mail.notMe) {
      const url = this.deps.notMeUrl(recipient?.id ?? null);
      textBody = textBody.replaceAll(NOT_ME_URL, url);
      htmlBody = htmlBody.replaceAll(NOT_ME_URL, escapeHtml(url));
    }
    return { ...mail, textBody, htmlBody };
  }

  /** Starts a delivery round in the background (after a commit that enqueued mail). */
  kick(): void {
    void this.deliverDue().catch((err: unknown) =>
      this.deps.log.error({ err }, 'mail delivery round failed'),
    );
  }

  /** Sends every due mail; one round at a time per instance. Returns how many were sent. */
  deliverDue(): Promise<number> {
    this.delivering ??= this.deliverRound().finally(() => {
      this.delivering = null;
    });
    return this.delivering;
  }

  /** Waits for a delivery round in progress (graceful shutdown). */
  async drain(): Promise<void> {
    await this.delivering?.catch(() => undefined);
  }

  private async deliverRound(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(
        this.deps.db,
        this.deps.transport.concurrency,
        this.leaseMs,
      );
      if (batch.length === 0) return sent;
      // Every send of the batch settles (each within the deadline) before a fault is passed on,
      // so a shutdown's drain never leaves one running.
      const outcomes = await Promise.allSettled(batch.map((row) => this.deliver(row)));
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') throw outcome.reason;
        if (outcome.value) sent += 1;
      }
    }
  }

  /** Sends one claimed row and records the outcome; true when the relay accepted it. */
  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.deps.transport.send({
        from: this.deps.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (err) {
      await this.recordFailure(row, smtpFailureOf(err), err);
      return false;
    }
    await this.deps.db.transaction(async (tx) => {
      // The dev mailbox is the outbox itself: it keeps bodies, or nobody could read them.
      await markSent(tx, row.id, !this.usesDevMailbox);
      await clearUndeliverable(tx, row.toAddress);
    });
    return true;
  }

  private async recordFailure(row: OutboxRow, failure: SmtpFailure, err: unknown): Promise<void> {
    const { log, db } = this.deps;
    if (failure.kind === 'retry') {
      log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail delivery failed');
      await scheduleRetry(db, row.id, failure.answer, retrySecondsAfter(row.attempts));
      return;
    }
    log.error(
      { mailId: row.id, command: failure.command, answer: failure.answer },
      'mail refused for good: not retried, address marked undeliverable',
    );
    await db.transaction(async (tx) => {
      await markFailedForGood(tx, row.id, failure.answer);
      const account = await markUndeliverable(tx, row.toAddress, failure.answer);
      if (!account) return; // marked already (alerted then), or no account has this address
      const detailUrl = `${this.deps.publicUrl}/admin/users/${account.id}`;
      for (const admin of await this.deps.settings.alertRecipients(tx, 'operations'))
        await this.enqueue(tx, undeliverableAlertMail(admin, account, failure.answer, detailUrl));
    });
  }

  /** The outbox's backlog, the age of its oldest unsent mail, permanent failures in 24 h. */
  health(): Promise<OutboxHealth> {
    return outboxHealth(this.deps.db);
  }

  /** The same for /metrics, the age in seconds. */
  async metrics(): Promise<{
    backlog: number;
    oldestSeconds: number | null;
    failedLastDay: number;
  }> {
    const health = await outboxHealth(this.deps.db);
    return {
      backlog: health.backlog,
      oldestSeconds: ageSeconds(health.oldestUnsentAt),
      failedLastDay: health.failedLastDay,
    };
  }

  /** Since when the backlog alert's episode lasts (null: the outbox keeps up). */
  backlogAlertSince(): Promise<Date | null> {
    return episodeOpen(this.deps.db, BACKLOG_EPISODE);
  }

  /**
   * The `mail-backlog` job: alerts the administrators once when the oldest unsent mail is older
   * than BACKLOG_ALERT_AFTER_MINUTES, and again only after the outbox caught up in between. The
   * episode is a row, so several instances alert once between them.
   */
  async watchBacklog(now = new Date()): Promise<void> {
    const { db, log } = this.deps;
    const health = await outboxHealth(db);
    const ageMinutes = (ageSeconds(health.oldestUnsentAt, now) ?? 0) / 60;
    if (ageMinutes < BACKLOG_ALERT_AFTER_MINUTES) {
      await closeEpisode(db, BACKLOG_EPISODE);
      return;
    }
    const alerted = await db.transaction(async (tx) => {
      if (!(await openEpisode(tx, BACKLOG_EPISODE))) return false;
      const backlog = {
        count: health.backlog,
        oldestMinutes: Math.floor(ageMinutes),
        lastError: health.oldestError,
      };
      for (const admin of await this.deps.settings.alertRecipients(tx, 'operations'))
        await this.enqueue(tx, backlogAlertMail(admin, backlog, `${this.deps.publicUrl}/admin`));
      return true;
    });
    if (!alerted) return;
    log.error(
      { backlog: health.backlog, oldestMinutes: Math.floor(ageMinutes), last: health.oldestError },
      'mail outbox backlog: the oldest unsent mail is too old',
    );
    this.kick();
  }

  /**
   * Opens the alert episode `name` (a row, so several instances alert once between them); true
   * for the one call that opened it, the one to mail.
   */
  openAlertEpisode(tx: Db, name: string): Promise<boolean> {
    return openEpisode(tx, name);
  }

  /** Ends the episode `name`: the next time its condition holds, administrators hear again. */
  closeAlertEpisode(db: Db, name: string): Promise<void> {
    return closeEpisode(db, name);
  }

  /** Delivered mails older than the retention are deleted (the outbox is no archive). */
  purgeDelivered(retentionDays: number): Promise<number> {
    return purgeDelivered(this.deps.db, retentionDays);
  }

  listMailbox(limit = 200): Promise<MailRecord[]> {
    return listMails(this.deps.db, limit);
  }

  findMail(id: string): Promise<MailRecord | undefined> {
    return findMail(this.deps.db, id);
  }
}
