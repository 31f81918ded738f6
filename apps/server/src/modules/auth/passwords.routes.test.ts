import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  latestMail,
  nextIp,
  register,
  signedInMember,
  uniqueEmail,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string) =>
  call(t.app, 'POST', '/api/users/forgot-password', { body: { email }, ip: nextIp() });
const reset = (body: Record<string, unknown>) =>
  call<{ errors: { field: string; message: string }[] }>(
    t.app,
    'POST',
    '/api/users/reset-password',
    { body },
  );
const login = (email: string, password: string) =>
  call(t.app, 'POST', '/api/users/login', { body: { email, password }, ip: nextIp() });

async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(200);
  const { mail, token } = await latestMail(t, email);
  expect(mail.subject).toBe('Reset your password');
  return token;
}

describe('POST /api/users/forgot-password', () => {
  it('answers the same whether or not the account exists, and mails only a real member', async () => {
    const member = await signedInMember(t);
    const known = await forgot(member.email);
    const ghostEmail = uniqueEmail('ghost');
    const unknown = await forgot(ghostEmail);
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(known.body).toMatchObject({ success: true, message: 'PASSWORD_RESET_EMAIL_SENT' });
    await expect(latestMail(t, ghostEmail)).rejects.toThrow();
    expect((await latestMail(t, member.email)).link).toMatch(
      /^http:\/\/app\.test\/reset-password\?token=/,
    );
  });
});

describe('forgot password of an unverified account', () => {
  it('mails the verification link naming the referrer, never a reset link, with the same answer', async () => {
    // A squatter registered the victim's address under their own code (decision 016).
    const squatter = await signedInMember(t, { firstName: 'Mallory', lastName: 'Squat' });
    const victim = uniqueEmail('victim');
    await register(t, { email: victim, referredByCode: squatter.user.referralCode });
    const answer = await forgot(victim);
    expect(answer).toEqual(await forgot(uniqueEmail('ghost')));
    const { mail, link } = await latestMail(t, victim);
    expect(mail.subject).toBe('Verify your email address');
    expect(link).toMatch(/^http:\/\/app\.test\/verify-email\?token=/);
    expect(mail.textBody).toContain('Mallory S.');
    const resets = (await t.services.mail.listMailbox()).filter(
      (m) => m.toAddress === victim && m.subject === 'Reset your password',
    );
    expect(resets).toHaveLength(0);
  });
});

describe('POST /api/users/reset-password/check', () => {
  const check = (body: unknown) => call(t.app, 'POST', '/api/users/reset-password/check', { body });

  it('says whether a link can be used, consuming nothing, and refuses a used one', async () => {
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    for (let i = 0; i < 2; i++)
      expect((await check({ token })).body).toMatchObject({
        success: true,
        message: 'RESET_TOKEN_VALID',
      });
    expect(
      (await reset({ token, newPassword: 'N3w@Password', confirmPassword: 'N3w@Password' })).status,
    ).toBe(200);
    const used = await check({ token });
    expect(used.status).toBe(400);
    expect(used.body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('refuses no token, an unknown one and an expired one', async () => {
    expect((await check({})).body.errorCode).toBe('TOKEN_REQUIRED');
    expect((await check({ token: 'x'.repeat(43) })).body.errorCode).toBe(
      'INVALID_OR_EXPIRED_TOKEN',
    );
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    await t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${member.user._id}`,
    );
    expect((await check({ token })).body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });
});

describe('POST /api/users/reset-password', () => {
  it('sets the new password once, ends old sessions, and the old password stops working', async () => {
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    const answer = await reset({
      token,
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(answer.body).toMatchObject({ success: true, message: 'PASSWORD_RESET_SUCCESSFUL' });
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, 'N3w@Password')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(
      401,
    );
    const reused = await reset({
      token,
      newPassword: 'An0ther@Pass',
      confirmPassword: 'An0ther@Pass',
    });
    expect(reused.body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it("lists every failed rule with the spec's messages: VALIDATION_ERROR", async () => {
    const answer = await reset({ token: 'anything', newPassword: 'abc', confirmPassword: 'abd' });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
    expect(answer.body.data!.errors.map((e) => e.message)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&)',
      'Password confirmation does not match new password.',
    ]);
  });

  it('needs a token, and a live one', async () => {
    expect(
      (await reset({ newPassword: 'N3w@Password', confirmPassword: 'N3w@Password' })).body
        .errorCode,
    ).toBe('TOKEN_REQUIRED');
    const unknown = await reset({
      token: 'nope',
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    await t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'RESET_PASSWORD'`,
    );
    expect(
      (await reset({ token, newPassword: 'N3w@Password', confirmPassword: 'N3w@Password' })).body
        .errorCode,
    ).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('refuses the current password: SAME_PASSWORD_ERROR', async () => {
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    const answer = await reset({
      token,
      newPassword: member.password,
      confirmPassword: member.password,
    });
    expect(answer.body).toMatchObject({
      errorCode: 'SAME_PASSWORD_ERROR',
      error: 'The new password cannot be the same as the current one.',
    });
  });

  it('refuses a locked account: ACCOUNT_NOT_ACTIVE', async () => {
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    await t.database.db.execute(
      sql`update users set status = 'LOCKED' where email = ${member.email}`,
    );
    const answer = await reset({
      token,
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe('ACCOUNT_NOT_ACTIVE');
  });

  it('a reset never verifies an email by itself', async () => {
    // A reset link of an account that is unverified when it is used (issued before, say).
    const member = await signedInMember(t);
    const token = await resetToken(member.email);
    await t.database.db.execute(
      sql`update users set is_email_verified = false where email = ${member.email}`,
    );
    const done = await reset({
      token,
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(done.status).toBe(200);
    const signIn = await login(member.email, 'N3w@Password');
    expect(signIn.body).toMatchObject({ message: 'EMAIL_VERIFICATION_REQUIRED', token: null });
  });
});

describe('PUT /api/users/change-password', () => {
  const change = (token: string, body: Record<string, string>) =>
    call<{ token?: string; errors?: { message: string }[] }>(
      t.app,
      'PUT',
      '/api/users/change-password',
      { token, body },
    );

  it('changes the password, ends other sessions and hands this one a new token', async () => {
    const member = await signedInMember(t);
    const other = (
      await call<{ token: string }>(t.app, 'POST', '/api/users/login', {
        body: { email: member.email, password: member.password },
        ip: nextIp(),
      })
    ).body.data!.token;
    const answer = await change(member.token, {
      currentPassword: member.password,
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('PASSWORD_CHANGED_SUCCESSFULLY');
    const fresh = answer.body.data!.token!;
    expect((await call(t.app, 'GET', '/api/users/profile', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(
      401,
    );
    expect((await call(t.app, 'GET', '/api/users/profile', { token: fresh })).status).toBe(200);
    expect((await login(member.email, 'N3w@Password')).status).toBe(200);
  });

  it("checks the spec's rules in order", async () => {
    const member = await signedInMember(t);
    const cases: [Record<string, string>, string][] = [
      [
        { currentPassword: '', newPassword: 'N3w@Password', confirmPassword: 'N3w@Password' },
        'Please fill in all password fields',
      ],
      [
        {
          currentPassword: member.password,
          newPassword: 'N3w@Password',
          confirmPassword: 'N3w@Passwore',
        },
        'New passwords do not match',
      ],
      [
        { currentPassword: member.password, newPassword: 'Sh0@rt', confirmPassword: 'Sh0@rt' },
        'New password must be at least 8 characters long',
      ],
      [
        {
          currentPassword: member.password,
          newPassword: 'nouppercase1@',
          confirmPassword: 'nouppercase1@',
        },
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
      [
        {
          currentPassword: member.password,
          newPassword: 'Has#Hash1@',
          confirmPassword: 'Has#Hash1@',
        },
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await change(member.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
      expect(answer.body.data!.errors![0]!.message).toBe(message);
    }
  });

  it('refuses a wrong current password and an unchanged one', async () => {
    const member = await signedInMember(t);
    const wrong = await change(member.token, {
      currentPassword: 'Wrong@Pass1',
      newPassword: 'N3w@Password',
      confirmPassword: 'N3w@Password',
    });
    expect(wrong.body).toMatchObject({
      errorCode: 'CURRENT_PASSWORD_INCORRECT',
      error: 'The current password is incorrect.',
    });
    const same = await change(member.token, {
      currentPassword: member.password,
      newPassword: member.password,
      confirmPassword: member.password,
    });
    expect(same.body.errorCode).toBe('SAME_PASSWORD_ERROR');
  });

  it('needs a session', async () => {
    const answer = await call(t.app, 'PUT', '/api/users/change-password', {
      body: { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
    });
    expect(answer.status).toBe(401);
  });
});
