import type { ContactReceipt } from '@ctn/contracts/operator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, nextIp, uniqueEmail, type TestApp } from '../../../test/test-app';
import { CONTACT_RATE_RULES } from './support.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    SUPPORT_EMAIL: 'help@ctn.example.com',
    SUPPORT_HOURS: 'Mon-Fri 09:00-18:00 UTC',
  });
});
afterAll(() => t.close());

const message = (email: string) => ({
  name: 'Grace Hopper',
  email,
  topic: 'payment',
  subject: 'Wrong payment 0xabc',
  message: 'I sent 10 USDT on the wrong network, can it be credited?',
});
const contact = (body: unknown, ip = nextIp()) =>
  call<ContactReceipt>(t.app, 'POST', '/api/public/contact', { body, ip });

describe('the contact form', () => {
  it('stores a ticket, mails support and mails the sender its number, through the outbox', async () => {
    const email = uniqueEmail('visitor');
    const sent = await contact(message(email));
    expect(sent.status).toBe(200);
    const ticket = sent.body.data!.ticket;
    expect(ticket).toMatch(/^CT-\d{6}$/);
    const mailbox = await t.services.mail.listMailbox();
    const toSupport = mailbox.find(
      (m) => m.toAddress === 'help@ctn.example.com' && m.subject.includes(ticket),
    );
    expect(toSupport?.subject).toBe(`[${ticket}] Wrong payment 0xabc`);
    expect(toSupport?.textBody).toContain(`From: Grace Hopper <${email}>`);
    expect(toSupport?.textBody).toContain('I sent 10 USDT on the wrong network');
    const receipt = mailbox.find((m) => m.toAddress === email);
    expect(receipt?.subject).toBe(`We received your message: ticket ${ticket}`);
    expect(receipt?.textBody).toContain('Our support hours: Mon-Fri 09:00-18:00 UTC.');
    const rows = await rowsOf<{ email: string; topic: string }>(
      t.database.db,
      sql`select email, topic from support_tickets where email = ${email}`,
    );
    expect(rows).toEqual([{ email, topic: 'payment' }]);
  });

  it('refuses a malformed message with the form’s texts, storing nothing', async () => {
    const email = uniqueEmail('bad');
    const bad = await contact({ ...message(email), email: 'nobody', message: 'short' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please enter a valid email address');
    expect(JSON.stringify(bad.body)).toContain('Please write at least 10 characters');
  });

  it('throttles per address under parallel requests: exactly the limit goes through', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => contact(message(uniqueEmail('flood')), ip)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CONTACT_RATE_RULES.perAddress.limit);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('throttles per sender’s mailbox across addresses, whatever its case', async () => {
    const email = uniqueEmail('same');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        contact(message(i % 2 ? email.toUpperCase() : email), nextIp()),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CONTACT_RATE_RULES.perEmail.limit);
    const receipts = (await t.services.mail.listMailbox()).filter((m) => m.toAddress === email);
    expect(receipts).toHaveLength(CONTACT_RATE_RULES.perEmail.limit);
  });
});
