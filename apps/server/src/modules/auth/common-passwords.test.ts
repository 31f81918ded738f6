import { COMMON_PASSWORD_MESSAGE } from '@ctn/contracts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  latestMail,
  register,
  signedInMember,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/test-app';
import { DEMO } from '../../bootstrap/demo-accounts';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('blocks breach-list passwords that pass the length rule, whatever their case', () => {
    for (const pw of ['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'Sunshine'])
      expect(isCommonPassword(pw), pw).toBe(true);
  });

  it('blocks the shapes our complexity rules invite: a word, a digit or year, a special', () => {
    for (const pw of [
      'Password1!',
      'Qwerty123!',
      'Welcome1!',
      'P@ssw0rd1!',
      'Summer2026!',
      'Welcome@2026',
      'Jennifer1!',
      '1qaz@WSX',
      '!QAZ2wsx',
      'Aa123456!',
      'Copytrade1!',
      'BingX@2026',
      'Ｐａｓｓｗｏｒｄ１！',
    ])
      expect(isCommonPassword(pw), pw).toBe(true);
  });

  it('lets real passwords through, including the ones the suite and the demo use', () => {
    for (const pw of [
      STRONG_PASSWORD,
      'Admin@Password1',
      DEMO.member.password,
      DEMO.admin.password,
      'Mango$Tree42',
      'Dragonfly#Kite9',
      'мойсекретныйпароль',
      'Xk93720184!',
    ])
      expect(isCommonPassword(pw), pw).toBe(false);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  success: false,
  errorCode: 'VALIDATION_ERROR',
  data: { errors: [{ field, message: COMMON_PASSWORD_MESSAGE }] },
});

describe('the common-password blocklist on the API', () => {
  it('register: 400 VALIDATION_ERROR on `password`, and no account is made', async () => {
    const answer = await register(t, { password: 'Password1!' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal('password'));
    expect(await t.services.auth.findByEmail(answer.email)).toBeUndefined();
    expect((await register(t, { password: 'qwertyuiop' })).body).toMatchObject(refusal('password'));
  });

  it('reset password: 400 on `newPassword`; the link still works for a better password', async () => {
    const member = await signedInMember(t);
    await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: member.email } });
    const { token } = await latestMail(t, member.email);
    const attempt = (newPassword: string) =>
      call(t.app, 'POST', '/api/users/reset-password', {
        body: { token, newPassword, confirmPassword: newPassword },
      });
    const refused = await attempt('Welcome@2026');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(refusal('newPassword'));
    expect((await attempt('Quiet@Harbour77')).status).toBe(200);
  });

  it('change password: 400 on `newPassword`, and the old password still signs in', async () => {
    const member = await signedInMember(t);
    const answer = await call(t.app, 'PUT', '/api/users/change-password', {
      token: member.token,
      body: {
        currentPassword: member.password,
        newPassword: 'Qwerty123!',
        confirmPassword: 'Qwerty123!',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal('newPassword'));
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email: member.email, password: member.password },
    });
    expect(login.status).toBe(200);
  });
});
