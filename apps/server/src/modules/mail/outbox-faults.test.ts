import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { smtpTransport, type SmtpTimeouts } from '../../integrations/mail/transport';
import { silentLogger } from '../../lib/logger';
import { startRelay, type Relay, type RelayFault } from '../../../test/smtp-relay';
import { createTestApp, register, signedInAdmin, type TestApp } from '../../../test/test-app';
import { renderMail } from './mail-templates';
import { leaseMsOf, MailService } from './mail.service';

/**
 * The outbox against a real SMTP relay on loopback that refuses, stalls and drops (decision 036):
 * a refusal of the recipient fails the row and marks the address, anything else is retried, and
 * a relay slower than the lease never gets one mail twice.
 */

let relay: Relay;
let t: TestApp;
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  relay = await startRelay();
  t = await createTestApp({ SMTP_URL: relay.url, MAIL_FROM: 'Test <no-reply@app.test>' });
  await signedInAdmin(t);
  await t.services.mail.deliverDue();
});
afterAll(async () => {
  await t.close();
  await relay.close();
});
afterEach(() => {
  relay.fault = null;
});

async function member(): Promise<string> {
  const { email } = await register(t);
  await t.services.mail.deliverDue(); // its verification mail, through a well relay
  return email;
}

/** Queues one mail to `to` and returns its row id. */
async function queue(to: string, subject = `Note ${Math.random()}`): Promise<string> {
  await t.services.mail.enqueue(
    t.database.db,
    renderMail({ to, subject, greeting: 'Hello,', paragraphs: ['A note.'] }),
  );
  const [row] = await t.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, subject));
  return row!.id;
}

async function row(id: string) {
  const [found] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found!;
}

async function undeliverable(email: string) {
  const [found] = await t.database.db
    .select({ at: users.emailUndeliverableAt, answer: users.emailUndeliverableAnswer })
    .from(users)
    .where(eq(users.email, email));
  return found!;
}

async function alertsAbout(email: string): Promise<number> {
  const rows = await t.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.toAddress} = ${ADMIN} and ${mailOutbox.subject} = 'Mail undeliverable: the relay refused an address'`,
    );
  return rows.filter((r) => r.text.includes(email)).length;
}

describe('permanent refusals of the recipient', () => {
  it.each<Extract<RelayFault, { reply: number }>>([
    { stage: 'RCPT TO', reply: 550, text: '5.1.1 <x>: Recipient address rejected: User unknown' },
    { stage: 'RCPT TO', reply: 553, text: '5.1.3 Mailbox name not allowed' },
    { stage: 'DATA', reply: 550, text: '5.7.1 Message refused for this mailbox' },
  ])(
    '$reply at $stage: failed, never retried, the address marked, administrators alerted once',
    async (fault) => {
      const email = await member();
      relay.fault = fault;
      const first = await queue(email);
      expect(await t.services.mail.deliverDue()).toBe(0);
      const failed = await row(first);
      expect(failed.failedAt).not.toBeNull();
      expect(failed.sentAt).toBeNull();
      expect(failed.lastError).toContain(`${fault.reply} ${fault.text}`);
      const mark = await undeliverable(email);
      expect(mark.at).not.toBeNull();
      expect(mark.answer).toBe(failed.lastError);
      expect(await alertsAbout(email)).toBe(1);

      // Not claimed again, even when due; a second refusal alerts nobody again.
      await t.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, first));
      const second = await queue(email);
      await t.services.mail.deliverDue();
      expect((await row(first)).attempts).toBe(1);
      expect((await row(second)).failedAt).not.toBeNull();
      expect(await alertsAbout(email)).toBe(1);
      expect(relay.acceptedFor.filter((a) => a === email)).toHaveLength(1); // verification only
    },
  );

  it('a later accepted mail to the address clears its mark', async () => {
    const email = await member();
    relay.fault = { stage: 'RCPT TO', reply: 550, text: '5.2.1 Mailbox disabled' };
    await queue(email);
    await t.services.mail.deliverDue();
    expect((await undeliverable(email)).at).not.toBeNull();
    relay.fault = null;
    const later = await queue(email);
    await t.services.mail.deliverDue();
    expect((await row(later)).sentAt).not.toBeNull();
    expect(await undeliverable(email)).toEqual({ at: null, answer: null });
  });
});

describe('answers that may go away are retried with a growing pause', () => {
  it.each<RelayFault>([
    { stage: 'MAIL FROM', reply: 421, text: '4.3.2 Service shutting down' },
    { stage: 'RCPT TO', reply: 421, text: '4.7.0 Try again later' },
    { stage: 'DATA', reply: 421, text: '4.4.2 Timeout' },
    { stage: 'RCPT TO', reply: 450, text: '4.2.1 Mailbox busy' },
    { stage: 'DATA', reply: 450, text: '4.7.1 Greylisted' },
    // 5xx about the sender: our configuration, fixable, so the mail waits rather than being lost.
    { stage: 'MAIL FROM', reply: 550, text: '5.7.1 Sender rejected' },
    { stage: 'MAIL FROM', reply: 553, text: '5.1.8 Sender address domain not found' },
    { stage: 'RCPT TO', drop: true },
    { stage: 'DATA', drop: true },
  ])('%o: kept unsent with the answer, no mark, then delivered once', async (fault) => {
    const email = await member();
    relay.fault = fault;
    const id = await queue(email);
    const before = Date.now();
    expect(await t.services.mail.deliverDue()).toBe(0);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(waiting.lastError).toMatch(
      'reply' in fault ? String(fault.reply) : /clos|ECONN|socket/i,
    );
    // The first retry in two minutes.
    const pause = (waiting.nextAttemptAt.getTime() - before) / 1000;
    expect(pause).toBeGreaterThan(110);
    expect(pause).toBeLessThan(200);
    expect((await undeliverable(email)).at).toBeNull();

    relay.fault = null;
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    await t.services.mail.deliverDue();
    expect((await row(id)).attempts).toBe(2);
    expect((await row(id)).sentAt).not.toBeNull();
    expect(relay.acceptedFor.filter((a) => a === email)).toHaveLength(2); // verification + this
  });
});

describe('a relay slower than the lease', () => {
  /** Scaled down 20 times: connect and greet 0.5 s, 3 s of silence: a 4 s deadline, a 6 s lease. */
  const timeouts: SmtpTimeouts = { connectionMs: 500, greetingMs: 500, socketMs: 3_000 };

  /** Two instances' deliverers on one database, each polling every 100 ms until stopped. */
  function twoInstances() {
    const services = [0, 1].map(
      () =>
        new MailService({
          db: t.database.db,
          transport: smtpTransport(relay.url, timeouts),
          from: 'Test <no-reply@app.test>',
          log: silentLogger,
          settings: t.services.settings,
          publicUrl: 'http://app.test',
          notMeUrl: () => 'http://app.test/support',
        }),
    );
    let running = true;
    const loops = services.map(async (service) => {
      while (running) {
        await service.deliverDue().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    return async () => {
      running = false;
      await Promise.all(loops);
      await Promise.all(services.map((s) => s.drain()));
    };
  }

  it('derives a lease longer than the slowest send', () => {
    const transport = smtpTransport(relay.url, timeouts);
    expect(transport.sendDeadlineMs).toBe(4_000);
    expect(leaseMsOf(transport)).toBeGreaterThan(transport.sendDeadlineMs);
    transport.close();
    const production = smtpTransport(relay.url);
    expect(leaseMsOf(production)).toBe(120_000);
    production.close();
  });

  it('a stall past the lease at RCPT TO: aborted, retried later, delivered exactly once', async () => {
    const email = await member();
    // Every answer to RCPT TO comes after 8 s: past the 6 s lease, past the 3 s socket timeout.
    relay.fault = { stage: 'RCPT TO', stallMs: 8_000 };
    const id = await queue(email);
    const stop = twoInstances();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const stalled = await row(id);
    expect(stalled.sentAt).toBeNull();
    expect(stalled.attempts).toBe(1); // the other instance never took it while it was leased
    expect(stalled.lastError).toMatch(/timed? ?out|abort/i);

    relay.fault = null;
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await stop();
    // The relay's late answers to the aborted transactions delivered nothing.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect((await row(id)).sentAt).not.toBeNull();
    expect(relay.acceptedFor.filter((a) => a === email)).toHaveLength(2); // verification + this
  }, 40_000);

  it('a slow but working relay: the mail is recorded sent once, never sent again', async () => {
    const email = await member();
    // The answer to the data comes after 2.5 s: inside the socket timeout, so it is accepted.
    relay.fault = { stage: 'DATA', stallMs: 2_500 };
    const id = await queue(email);
    const stop = twoInstances();
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    await stop();
    const sent = await row(id);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(1);
    expect(relay.acceptedFor.filter((a) => a === email)).toHaveLength(2);
  }, 30_000);
});
