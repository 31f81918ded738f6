import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startRelay, type Relay } from '../../../test/smtp-relay';
import {
  call,
  createTestApp,
  latestMail,
  register,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let smtp: Relay;
let t: TestApp;

beforeAll(async () => {
  smtp = await startRelay();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'CopyTrade Network <no-reply@app.test>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the verification mail with a text and an HTML part linking to PUBLIC_URL', async () => {
    const registered = await register(t);
    await t.services.mail.deliverDue();
    const mail = smtp.received.find((m) => m.subject === 'Verify your email address');
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toBe('"CopyTrade Network" <no-reply@app.test>');
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe(registered.email);
    const link = mail!.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link.startsWith('http://app.test/verify-email?token=')).toBe(true);
    expect(mail!.html).toContain(`href="${link}"`);
    // Delivered, the outbox keeps who, what and when, never the link.
    const { mail: row } = await latestMail(t, registered.email).catch(() => ({ mail: null }));
    const [stored] = await t.services.mail.listMailbox(1);
    expect(row ?? stored).toBeDefined();
    expect(stored).toMatchObject({
      toAddress: registered.email,
      subject: 'Verify your email address',
    });
    expect(stored!.sentAt).not.toBeNull();
    expect(stored!.textBody).not.toContain('token=');
    expect(stored!.htmlBody).not.toContain('token=');
    expect(stored!.textBody).toMatch(/^\[Removed after delivery/);
  });

  it('mails a withdrawal code without the code in the subject, and blanks it once delivered', async () => {
    const m = await signedInMember(t);
    await call(t.app, 'POST', '/api/otp/withdrawal/request', { token: m.token });
    await t.services.mail.deliverDue();
    const mail = smtp.received.find(
      (x) =>
        x.to && 'text' in x.to && x.to.text === m.email && x.subject === 'Your withdrawal code',
    );
    expect(mail?.text).toMatch(/code for a withdrawal is \d{6}/);
    const stored = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject === 'Your withdrawal code',
    );
    expect(stored!.subject).not.toMatch(/\d/);
    expect(stored!.textBody).not.toMatch(/\d{6}/);
    expect(stored!.htmlBody).not.toMatch(/\d{6}/);
  });

  it('deletes delivered mails after the retention, keeping newer and undelivered ones', async () => {
    await register(t);
    await t.services.mail.deliverDue();
    await t.database.db.execute(sql`
      update mail_outbox set sent_at = now() - interval '31 days'
       where id = (select id from mail_outbox where sent_at is not null order by created_at limit 1)`);
    const before = (await t.services.mail.listMailbox()).length;
    expect(await t.services.mail.purgeDelivered(30)).toBe(1);
    expect((await t.services.mail.listMailbox()).length).toBe(before - 1);
  });

  it('keeps a mail in the outbox with its error while the server is unreachable', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const registered = await register(down);
      expect(await down.services.mail.deliverDue()).toBe(0);
      const [row] = await down.services.mail.listMailbox(1);
      expect(row).toMatchObject({ toAddress: registered.email, sentAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });

  it('the dev mailbox routes exist only without SMTP', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(answer.statusCode).toBe(404);
  });
});
