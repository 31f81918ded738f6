import type { Logger } from '../../lib/logger';
import type { Db } from '../../db/client';
import type { MailTransport } from '../../integrations/mail/transport';
import { escapeHtml, NOT_ME_URL } from './mail-templates';
import {
  accountIdOfAddress,
  claimDueMails,
  findMail,
  insertMail,
  insertMails,
  listMails,
  markFailed,
  markSent,
  purgeDelivered,
  type NewMail,
  type OutboxRow,
} from './mail.queries';

export type MailRecord = OutboxRow;

const BATCH = 20;
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/**
 * Mail goes through the outbox: `enqueue` writes it inside the caller's transaction, so a mail
 * exists exactly when the change that caused it committed; `deliverDue` sends what is due.
 */
export class MailService {
  private delivering: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: Logger,
    /**
     * The signed "Not me? Freeze my account" link of an account (decision 040), put into every
     * security and money mail as it is queued; for an address of no account, where to turn.
     */
    private readonly notMeUrl: (accountId: string | null) => string,
  ) {}

  get usesDevMailbox(): boolean {
    return this.transport.kind === 'dev-mailbox';
  }

  async enqueue(tx: Db, mail: NewMail): Promise<void> {
    await insertMail(tx, await this.withNotMeLink(tx, mail));
  }

  /** Many mails in few statements (a cycle's members), inside the caller's transaction. */
  async enqueueMany(tx: Db, mails: readonly NewMail[]): Promise<void> {
    const linked: NewMail[] = [];
    for (const mail of mails) linked.push(await this.withNotMeLink(tx, mail));
    await insertMails(tx, linked);
  }

  /** The recipient's own signed freeze link in place of the layout's placeholder. */
  private async withNotMeLink(tx: Db, mail: NewMail): Promise<NewMail> {
    if (!mail.notMe) return mail;
    const accountId = await accountIdOfAddress(tx, mail.toAddress);
    const url = this.notMeUrl(accountId ?? null);
    return {
      ...mail,
      textBody: mail.textBody.replaceAll(NOT_ME_URL, url),
      htmlBody: mail.htmlBody.replaceAll(NOT_ME_URL, escapeHtml(url)),
    };
  }

  /** Starts a delivery round in the background (after a commit that enqueued mail). */
  kick(): void {
    void this.deliverDue().catch((err: unknown) =>
      this.log.error({ err }, 'mail delivery round failed'),
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
      const batch = await claimDueMails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          await this.transport.send({
            from: this.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          });
          // The dev mailbox is the outbox itself: it keeps bodies, or nobody could read them.
          await markSent(this.db, row.id, !this.usesDevMailbox);
          sent += 1;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail delivery failed');
          // Exponential backoff; after MAX_ATTEMPTS the mail waits a day between tries.
          const retry =
            row.attempts >= MAX_ATTEMPTS ? 86_400 : Math.min(60 * 2 ** row.attempts, 3_600);
          await markFailed(this.db, row.id, message, retry);
        }
      }
    }
  }

  /** Delivered mails older than the retention are deleted (the outbox is no archive). */
  purgeDelivered(retentionDays: number): Promise<number> {
    return purgeDelivered(this.db, retentionDays);
  }

  listMailbox(limit = 200): Promise<MailRecord[]> {
    return listMails(this.db, limit);
  }

  findMail(id: string): Promise<MailRecord | undefined> {
    return findMail(this.db, id);
  }
}
