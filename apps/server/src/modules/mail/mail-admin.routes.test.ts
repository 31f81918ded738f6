import type { MailOutboxStatus, MailTestResult } from '@ctn/contracts/mail';
import type { AdminUserDetail } from '@ctn/contracts/admin';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '../../db/schema';
import { checkSmtpRelay } from '../../integrations/mail/relay-check';
import { startRelay, type Relay } from '../../../test/smtp-relay';
import {
  appWithAdmin,
  call,
  nextIp,
  register,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { renderMail } from './mail-templates';

/** The admin's view of mail (decision 036): the dashboard's outbox card, the test mail, the mark. */

let relay: Relay;
let t: TestApp;
let admin: { token: string; user: { _id: string } };

beforeAll(async () => {
  relay = await startRelay();
  ({ t, admin } = await appWithAdmin({
    SMTP_URL: relay.url,
    MAIL_FROM: 'Test <no-reply@app.test>',
  }));
  await t.services.mail.deliverDue();
});
afterAll(async () => {
  await t.close();
  await relay.close();
});

const status = async () =>
  (await call<MailOutboxStatus>(t.app, 'GET', '/api/admin/mail/status', { token: admin.token }))
    .body.data!;

describe('GET /api/admin/mail/status and /metrics', () => {
  it('counts the backlog, its oldest mail and the permanent failures; alerts once per episode', async () => {
    expect(await status()).toMatchObject({
      transport: 'smtp',
      backlog: 0,
      oldestUnsentAt: null,
      alertAfterMinutes: 15,
      alertingSince: null,
    });
    // A mail waiting 20 minutes behind a refusing relay, and one refused for good.
    relay.fault = { stage: 'RCPT TO', reply: 451, text: '4.3.0 Local error' };
    await t.services.mail.enqueue(
      t.database.db,
      renderMail({ to: 'late@app.test', subject: 'Late', greeting: 'Hi', paragraphs: ['x'] }),
    );
    await t.services.mail.deliverDue();
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '20 minutes'` })
      .where(eq(mailOutbox.subject, 'Late'));
    relay.fault = { stage: 'RCPT TO', reply: 550, text: '5.1.1 No such user' };
    await t.services.mail.enqueue(
      t.database.db,
      renderMail({ to: 'gone@app.test', subject: 'Gone', greeting: 'Hi', paragraphs: ['x'] }),
    );
    await t.services.mail.deliverDue();
    relay.fault = null;

    const seen = await status();
    expect(seen.backlog).toBe(1);
    expect(Date.now() - Date.parse(seen.oldestUnsentAt!)).toBeGreaterThan(19 * 60_000);
    expect(seen.oldestError).toBe('451 4.3.0 Local error');
    expect(seen.failedLastDay).toBe(1);

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    const gauge = (name: string) =>
      Number(metrics.body.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]);
    expect(gauge('mail_outbox_backlog')).toBe(1);
    expect(gauge('mail_outbox_oldest_unsent_seconds')).toBeGreaterThan(19 * 60);
    expect(gauge('mail_outbox_failed_last_day')).toBe(1);

    const backlogAlerts = async () =>
      (
        await t.database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.subject, 'Mail delayed: the outbox is not emptying'))
      ).length;
    await t.services.mail.watchBacklog();
    await t.services.mail.watchBacklog();
    expect(await backlogAlerts()).toBe(1); // one administrator, one alert
    expect((await status()).alertingSince).not.toBeNull();

    // The outbox catches up: the episode ends, and a new one alerts again.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${mailOutbox.sentAt} is null`);
    await t.services.mail.deliverDue();
    await t.services.mail.watchBacklog();
    expect(await status()).toMatchObject({ backlog: 0, alertingSince: null });
    relay.fault = { stage: 'MAIL FROM', reply: 421, text: '4.3.2 Shutting down' };
    await t.services.mail.enqueue(
      t.database.db,
      renderMail({ to: 'late@app.test', subject: 'Again', greeting: 'Hi', paragraphs: ['x'] }),
    );
    await t.services.mail.deliverDue();
    relay.fault = null;
    await t.services.mail.watchBacklog(new Date(Date.now() + 16 * 60_000));
    expect(await backlogAlerts()).toBe(2);
  });

  it('answers -1 on /metrics when the outbox cannot be read', async () => {
    const original = t.services.mail.metrics.bind(t.services.mail);
    t.services.mail.metrics = () => Promise.reject(new Error('database down'));
    try {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^mail_outbox_backlog -1$/m);
      expect(metrics.body).toMatch(/^mail_outbox_oldest_unsent_seconds -1$/m);
    } finally {
      t.services.mail.metrics = original;
    }
  });

  it('is for administrators only', async () => {
    const m = await signedInMember(t);
    const answer = await call(t.app, 'GET', '/api/admin/mail/status', { token: m.token });
    expect(answer.status).toBe(403);
  });
});

describe('POST /api/admin/mail/test', () => {
  const send = (to: string, token = admin.token) =>
    call<MailTestResult>(t.app, 'POST', '/api/admin/mail/test', {
      token,
      body: { to },
      ip: nextIp(),
    });

  it('sends through the relay and answers its acceptance, audited', async () => {
    const answer = await send('ops@app.test');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      to: 'ops@app.test',
      accepted: true,
      failedStep: null,
    });
    expect(answer.body.data!.answer).toMatch(/^250 /);
    expect(relay.acceptedFor).toContain('ops@app.test');
    const [audited] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'MAIL_TEST_SENT'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audited?.after).toMatchObject({ to: 'ops@app.test', accepted: true });
  });

  it("answers the relay's refusal with its text, and refuses a bad address", async () => {
    relay.fault = { stage: 'RCPT TO', reply: 550, text: '5.1.1 No such user here' };
    try {
      const refused = await send('nobody@app.test');
      expect(refused.body.data).toMatchObject({
        accepted: false,
        failedStep: 'send',
        answer: '550 5.1.1 No such user here',
      });
    } finally {
      relay.fault = null;
    }
    expect((await send('not-an-address')).status).toBe(400);
  });

  it('is throttled per administrator', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send('ops@app.test')).status);
    expect(statuses).toContain(429);
  });

  it('is for administrators only', async () => {
    const m = await signedInMember(t);
    expect((await send('ops@app.test', m.token)).status).toBe(403);
  });
});

describe('the member the relay refused', () => {
  it('shows the mark on the admin user detail with the answer and when', async () => {
    relay.fault = { stage: 'RCPT TO', reply: 550, text: '5.1.1 User unknown' };
    let email: string;
    try {
      ({ email } = await register(t)); // its verification mail is refused
      await t.services.mail.deliverDue();
    } finally {
      relay.fault = null;
    }
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const detail = await call<AdminUserDetail>(t.app, 'GET', `/api/users/admin/${user!.id}`, {
      token: admin.token,
    });
    expect(detail.body.data?.email).toBe(email);
    expect(detail.body.data?.emailUndeliverable?.answer).toBe('550 5.1.1 User unknown');
    expect(Date.now() - Date.parse(detail.body.data!.emailUndeliverable!.since)).toBeLessThan(
      60_000,
    );
  });
});

describe('checkSmtpRelay', () => {
  it('says which step failed: connecting, logging in', async () => {
    const closed = await checkSmtpRelay({ smtpUrl: 'smtp://127.0.0.1:9', from: 'a@app.test' });
    expect(closed).toMatchObject({ verified: false, failedStep: 'connect', testMail: null });
    expect(closed.answer).toMatch(/ECONNREFUSED|connect/i);

    const guarded = await startRelay({ login: { user: 'app', pass: 'right' } });
    try {
      const wrong = await checkSmtpRelay({
        smtpUrl: `smtp://app:wrong@127.0.0.1:${guarded.port}`,
        from: 'a@app.test',
      });
      expect(wrong).toMatchObject({ verified: false, failedStep: 'login' });
      expect(wrong.answer).toMatch(/^535 /);
      const right = await checkSmtpRelay({
        smtpUrl: `smtp://app:right@127.0.0.1:${guarded.port}`,
        from: 'a@app.test',
      });
      expect(right).toMatchObject({ verified: true, failedStep: null, testMail: null });
    } finally {
      await guarded.close();
    }
  });

  it('refuses the test mail without a relay', async () => {
    const { t: bare, admin: bareAdmin } = await appWithAdmin();
    try {
      const answer = await call(bare.app, 'POST', '/api/admin/mail/test', {
        token: bareAdmin.token,
        body: { to: 'ops@app.test' },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.errorCode).toBe('MAIL_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});
