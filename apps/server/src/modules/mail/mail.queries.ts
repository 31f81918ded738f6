import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEpisodes, mailOutbox, users } from '../../db/schema';

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

function row({ notMe: _placeholder, ...mail }: NewMail) {
  return mail;
}

/** The account a mail goes to: its freeze link and its anti-phishing phrase. */
export interface Recipient {
  id: string;
  antiPhishingPhrase: string | null;
}

/** The accounts of these addresses, by lower-case address (addresses are stored lower-case). */
export async function recipientsOf(
  db: Db,
  addresses: readonly string[],
): Promise<Map<string, Recipient>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, id: users.id, antiPhishingPhrase: users.antiPhishingPhrase })
    .from(users)
    .where(inArray(users.email, wanted));
  return new Map(rows.map(({ email, ...recipient }) => [email, recipient]));
}

const MAILS_PER_INSERT = 1_000;

export async function insertMails(db: Db, mails: readonly NewMail[]): Promise<void> {
  for (let at = 0; at < mails.length; at += MAILS_PER_INSERT)
    await db.insert(mailOutbox).values(mails.slice(at, at + MAILS_PER_INSERT).map(row));
}

/**
 * Claims due mails with a lease: rows locked by another instance are skipped, and a claimed
 * row is not due again until the lease ends, so two deliverers never send the same mail at once
 * as long as a send ends within the lease (decision 036).
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          sql`${mailOutbox.nextAttemptAt} <= now()`,
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
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
    .set({
      sentAt: sql`now()`,
      lastAttemptAt: sql`now()`,
      lastError: null,
      textBody: body,
      htmlBody: html,
    })
    .where(eq(mailOutbox.id, id));
}

/** Deletes mails delivered, or failed for good, more than `days` ago; how many. */
export async function purgeDelivered(db: Db, days: number): Promise<number> {
  const before = sql`now() - make_interval(days => ${days})`;
  const rows = await db
    .delete(mailOutbox)
    .where(sql`${mailOutbox.sentAt} < ${before} or ${mailOutbox.failedAt} < ${before}`)
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** A send that may work later: tried again in `retryInSeconds`, the fault kept on the row. */
export async function scheduleRetry(
  db: Db,
  id: string,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      lastAttemptAt: sql`now()`,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

/** The relay refused the mail for good: never tried again, its answer kept. */
export async function markFailedForGood(db: Db, id: string, answer: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: answer.slice(0, 500), lastAttemptAt: sql`now()`, failedAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

export interface UndeliverableAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: string;
  isAdmin: boolean;
}

/**
 * Marks the account of `address` undeliverable with the relay's answer; the account when this
 * mark is new (the moment to alert), null when it was marked already or no account has it.
 */
export async function markUndeliverable(
  db: Db,
  address: string,
  answer: string,
): Promise<UndeliverableAccount | null> {
  const [row] = await db
    .update(users)
    .set({ emailUndeliverableAt: sql`now()`, emailUndeliverableAnswer: answer.slice(0, 500) })
    .where(and(eq(users.email, address.toLowerCase()), isNull(users.emailUndeliverableAt)))
    .returning({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userId: users.userId,
      isAdmin: users.isAdmin,
    });
  return row ?? null;
}

/** The relay accepted mail for `address`: it is no longer known undeliverable. */
export async function clearUndeliverable(db: Db, address: string): Promise<void> {
  await db
    .update(users)
    .set({ emailUndeliverableAt: null, emailUndeliverableAnswer: null })
    .where(
      and(eq(users.email, address.toLowerCase()), sql`${users.emailUndeliverableAt} is not null`),
    );
}

export interface OutboxHealth {
  /** Mails neither delivered nor failed for good. */
  backlog: number;
  oldestUnsentAt: Date | null;
  /** The oldest unsent mail's last fault, when it has one. */
  oldestError: string | null;
  failedLastDay: number;
}

/** Three reads on the outbox's partial indexes (scraped every few seconds: no table scan). */
export async function outboxHealth(db: Db): Promise<OutboxHealth> {
  const unsent = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));
  const [counted] = await db
    .select({ backlog: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(unsent);
  const [oldest] = await db
    .select({ createdAt: mailOutbox.createdAt, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(unsent)
    .orderBy(mailOutbox.createdAt)
    .limit(1);
  const [failed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.failedAt} > now() - interval '24 hours'`);
  return {
    backlog: counted?.backlog ?? 0,
    oldestUnsentAt: oldest?.createdAt ?? null,
    oldestError: oldest?.lastError ?? null,
    failedLastDay: failed?.count ?? 0,
  };
}

/** Opens the episode `name`; true when this call opened it (the one to alert). */
export async function openEpisode(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .insert(alertEpisodes)
    .values({ name })
    .onConflictDoNothing()
    .returning({ name: alertEpisodes.name });
  return rows.length > 0;
}

export async function closeEpisode(db: Db, name: string): Promise<void> {
  await db.delete(alertEpisodes).where(eq(alertEpisodes.name, name));
}

export async function episodeOpen(db: Db, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: alertEpisodes.startedAt })
    .from(alertEpisodes)
    .where(eq(alertEpisodes.name, name));
  return row?.startedAt ?? null;
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
