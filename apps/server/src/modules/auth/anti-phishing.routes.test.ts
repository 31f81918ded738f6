import type {
  AntiPhishingResponse,
  SecurityEventsResponse,
  TwoFactorSetup,
} from '@ctn/contracts/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';
import { totpCode } from '../two-factor/totp';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const save = (token: string, body: Record<string, unknown>) =>
  call<AntiPhishingResponse>(t.app, 'PUT', '/api/users/anti-phishing', { token, body });
const phraseOf = async (token: string) =>
  (await call<AntiPhishingResponse>(t.app, 'GET', '/api/users/anti-phishing', { token })).body.data!
    .phrase;
const mailsTo = async (email: string) =>
  (await t.services.mail.listMailbox()).filter((m) => m.toAddress === email);
const eventsOf = async (token: string) =>
  (await call<SecurityEventsResponse>(t.app, 'GET', '/api/users/security-events', { token })).body
    .data!.events;

describe('the anti-phishing phrase', () => {
  it('is set with the password, logged, mailed, and heads every later mail', async () => {
    const m = await signedInMember(t);
    expect(await phraseOf(m.token)).toBeNull();

    const wrong = await save(m.token, { phrase: 'blue heron 42', password: 'not-it' });
    expect(wrong.body.errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(await phraseOf(m.token)).toBeNull();

    const saved = await save(m.token, { phrase: '  blue heron 42 ', password: m.password });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'ANTI_PHISHING_PHRASE_SAVED',
      data: { phrase: 'blue heron 42' },
    });
    expect(await phraseOf(m.token)).toBe('blue heron 42');
    expect((await eventsOf(m.token))[0]?.kind).toBe('ANTI_PHISHING_PHRASE_SET');

    // The security mail about the change, and any later mail, start with the phrase.
    const [alert] = await mailsTo(m.email);
    expect(alert?.subject).toBe('Security alert: Anti-phishing phrase set');
    expect(alert?.textBody.startsWith('Your anti-phishing phrase: blue heron 42\n')).toBe(true);
    expect(alert?.htmlBody).toContain('<strong style="font-size:16px">blue heron 42</strong>');
    expect(alert?.textBody).not.toContain('{{');
    await call(t.app, 'POST', '/api/otp/withdrawal/request', { token: m.token });
    const code = (await mailsTo(m.email)).find((x) => x.subject.includes('withdrawal code'));
    expect(code?.textBody.startsWith('Your anti-phishing phrase: blue heron 42\n')).toBe(true);
  });

  it('is removed with null, after which mails carry none', async () => {
    const m = await signedInMember(t);
    await save(m.token, { phrase: 'Otter-7', password: m.password });
    const removed = await save(m.token, { phrase: null, password: m.password });
    expect(removed.body).toMatchObject({
      message: 'ANTI_PHISHING_PHRASE_REMOVED',
      data: { phrase: null },
    });
    expect(await phraseOf(m.token)).toBeNull();
    const [latest] = await mailsTo(m.email);
    expect(latest?.subject).toBe('Security alert: Anti-phishing phrase removed');
    expect(latest?.textBody).toMatch(/^Hello /);
    expect(latest?.htmlBody).not.toContain('anti-phishing phrase:');
    expect(latest?.htmlBody).not.toContain('{{');
  });

  it('refuses phrases too short, too long or with markup', async () => {
    const m = await signedInMember(t);
    for (const phrase of ['abc', 'x'.repeat(33), '<b>bold</b>', '{{not-me-url}}']) {
      const refused = await save(m.token, { phrase, password: m.password });
      expect(refused.status, phrase).toBe(400);
      expect(refused.body.errorCode).toBe('VALIDATION_ERROR');
    }
    expect(await phraseOf(m.token)).toBeNull();
  });

  it('needs the second factor too where two-factor sign-in is on', async () => {
    const m = await signedInMember(t);
    const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: m.password },
    });
    const enabled = await call<{ recoveryCodes: string[] }>(
      t.app,
      'POST',
      '/api/users/two-factor/enable',
      { token: m.token, body: { code: totpCode(setup.body.data!.secret), password: m.password } },
    );
    const body = { phrase: 'kestrel dawn', password: m.password };
    expect((await save(m.token, body)).body.errorCode).toBe('TWO_FACTOR_REQUIRED');
    expect((await save(m.token, { ...body, totpCode: '000000' })).body.errorCode).toBe(
      'INVALID_TWO_FACTOR_CODE',
    );
    expect(await phraseOf(m.token)).toBeNull();
    const recovery = enabled.body.data!.recoveryCodes[0]!;
    expect((await save(m.token, { ...body, totpCode: recovery })).status).toBe(200);
    expect(await phraseOf(m.token)).toBe('kestrel dawn');
  });
});
