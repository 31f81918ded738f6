import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';

export interface NewMail {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** Holds a one-time code or link: blanked once delivered. */
  secret?: boolean;
  /** Carries the NOT_ME_URL placeholder of a security or money mail (not a column). */
  notMe?: boolean;
}

/** What a delivered secret-bearing mail keeps in place of its body. */
export const BLANKED_BODY = '[Removed after delivery: this mail held a one-time code or link.]';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db.insert(mailOutbox).values(row(mail));
}

function row({ notMe: _placeholder, ...mail }: NewMail) {
  return mail;
}

/** The account a mail goes to, for its freeze link (addresses are stored lower-case). */
export async function accountIdOfAddress(db: Db, address: string): Promise<string | undefined> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, address.toLowerCase()))
    .limit(1);
  return found?.id;
}

const MAILS_PER_INSERT = 1_000;

export async function insertMails(db: Db, mails: readonly NewMail[]): Promise<void> {
  for (let at = 0; at < mails.length; at += MAILS_PER_INSERT)
    await db.insert(mailOutbox).values(mails.slice(at, at + MAILS_PER_INSERT).map(row));
}

/**
 * Claims due mails with a lease: rows locked by another instance are skipped, and a claimed
 * row is not due again until the lease ends, so two deliverers never send the same mail at once.
 */
export async function claimDueMails(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.sentAt} is null`, sql`${mailOutbox.nextAttemptAt} <= now()`))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  });
}

/** Marks a mail delivered; with `blankSecret`, a secret-bearing body goes at the same time. */
export async function markSent(db: Db, id: string, blankSecret: boolean): Promise<void> {
  const body = blankSecret
    ? sql`case when ${mailOutbox.secret} then ${BLANKED_BODY} else ${mailOutbox.textBody} end`
    : sql`${mailOutbox.textBody}`;
  const html = blankSecret
    ? sql`case when ${mailOutbox.secret} then ${BLANKED_BODY} else ${mailOutbox.htmlBody} end`
    : sql`${mailOutbox.htmlBody}`;
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null, textBody: body, htmlBody: html })
    .where(eq(mailOutbox.id, id));
}

/** Deletes mails delivered more than `days` ago; how many. */
export async function purgeDelivered(db: Db, days: number): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(sql`${mailOutbox.sentAt} < now() - make_interval(days => ${days})`)
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export async function markFailed(
  db: Db,
  id: string,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listMails(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function findMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
