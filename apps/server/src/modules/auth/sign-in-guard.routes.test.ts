import type { SecurityEventsResponse, TwoFactorSetup } from '@ctn/contracts/security';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  latestMail,
  nextIp,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { totpCode } from '../two-factor/totp';
import { pauseTwoFactor } from './sign-in-guard.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, totp?: string, ip = nextIp()) =>
  call<{ token: string }>(t.app, 'POST', '/api/users/login', {
    body: { email, password, ...(totp === undefined ? {} : { totpCode: totp }) },
    ip,
  });

const unlock = (token: string) =>
  call(t.app, 'POST', '/api/users/unlock-sign-in', { body: { token } });

const mailsTo = async (email: string, subject: string) =>
  (await t.services.mail.listMailbox()).filter(
    (m) => m.toAddress === email && m.subject === subject,
  );

const eventsOf = async (userId: string, kind: string) =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from security_events where user_id = ${userId} and kind = ${kind}`,
    )
  )[0]!.n;

/** A member with two-factor sign-in on; the step of the enabling code forgotten. */
async function enrolledMember() {
  const m = await signedInMember(t);
  const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
    token: m.token,
    body: { password: m.password },
  });
  const { secret } = setup.body.data!;
  const enabled = await call(t.app, 'POST', '/api/users/two-factor/enable', {
    token: m.token,
    body: { code: totpCode(secret), password: m.password },
  });
  expect(enabled.status).toBe(200);
  await t.database.db.execute(
    sql`update user_two_factor set last_used_step = 0 where user_id = ${m.user._id}`,
  );
  return { ...m, secret };
}

describe('second-factor guessing', () => {
  it('the alternating attack: bare sign-ins reset nothing, 5 wrong codes pause the factor', async () => {
    const m = await enrolledMember();
    const ip = nextIp();
    const answers: string[] = [];
    // Four wrong codes, then a sign-in without a code (which used to reset the counter), again.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++)
        answers.push(String((await login(m.email, m.password, '000000', ip)).body.errorCode));
      answers.push(String((await login(m.email, m.password, undefined, ip)).body.errorCode));
    }
    expect(answers.filter((a) => a === 'INVALID_TWO_FACTOR_CODE')).toHaveLength(5);
    // The right code is refused too, from anywhere, until the owner's link or the pause ends.
    const right = await login(m.email, m.password, totpCode(m.secret));
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      errorCode: 'TWO_FACTOR_PAUSED',
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect(right.body.error).toContain('paused');
    // Every wrong code is in the security log; the owner was told once their password is known.
    expect(await eventsOf(m.user._id, 'TWO_FACTOR_CODE_WRONG')).toBe(5);
    expect(await mailsTo(m.email, 'Someone knows your password: change it')).toHaveLength(1);
    const log = await call<SecurityEventsResponse>(t.app, 'GET', '/api/users/security-events', {
      token: m.token,
    });
    expect(log.body.data!.events.map((e) => e.kind)).toContain('TWO_FACTOR_PAUSED');

    // The owner's mailed link resumes it at once, once.
    const { mail, token } = await latestMail(t, m.email);
    expect(mail.subject).toBe('Someone knows your password: two-factor sign-in paused');
    expect((await unlock(token)).body.message).toBe('SIGN_IN_RESUMED');
    expect((await unlock(token)).body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect((await login(m.email, m.password, totpCode(m.secret))).status).toBe(200);
  });

  it('recovery codes share the budget', async () => {
    const m = await enrolledMember();
    for (let i = 0; i < 5; i++)
      expect((await login(m.email, m.password, 'aaaaa-aaaaa')).body.errorCode).toBe(
        'INVALID_TWO_FACTOR_CODE',
      );
    expect((await login(m.email, m.password, totpCode(m.secret))).body.errorCode).toBe(
      'TWO_FACTOR_PAUSED',
    );
  });

  it('20 wrong codes sent at once from 20 addresses: 5 are compared, one pause, one mail', async () => {
    const m = await enrolledMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(m.email, m.password, String(100000 + i))),
    );
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 'INVALID_TWO_FACTOR_CODE').length).toBeLessThanOrEqual(5);
    expect(
      codes.filter((c) => c !== 'INVALID_TWO_FACTOR_CODE' && c !== 'TWO_FACTOR_PAUSED'),
    ).toEqual([]);
    expect(await eventsOf(m.user._id, 'TWO_FACTOR_CODE_WRONG')).toBeLessThanOrEqual(5);
    expect(
      await mailsTo(m.email, 'Someone knows your password: two-factor sign-in paused'),
    ).toHaveLength(1);
    expect((await login(m.email, m.password, totpCode(m.secret))).body.errorCode).toBe(
      'TWO_FACTOR_PAUSED',
    );
  });

  it('each pause lasts twice the one before, up to a day', async () => {
    const m = await signedInMember(t);
    const lengths: number[] = [];
    for (let i = 0; i < 9; i++) {
      const until = await pauseTwoFactor(t.database.db, m.user._id, 15 * 60_000, 24 * 3_600_000);
      expect(await pauseTwoFactor(t.database.db, m.user._id, 15 * 60_000, 24 * 3_600_000)).toBe(
        null,
      );
      lengths.push(Math.round((until!.getTime() - Date.now()) / 60_000));
      await t.database.db.execute(
        sql`update users set two_factor_locked_until = now() - interval '1 second' where id = ${m.user._id}`,
      );
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
  });
});

describe('account-wide password guessing', () => {
  it('after 20 wrong passwords in a row from any addresses, only the mailed link opens sign-in', async () => {
    const m = await signedInMember(t);
    // A right password in between ends a run: 19 wrong, then the owner signs in as usual.
    for (let i = 0; i < 19; i++) await login(m.email, `Wrong@Pass${i}`);
    expect((await login(m.email, m.password)).status).toBe(200);
    expect(
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select failed_sign_ins as n from users where id = ${m.user._id}`,
        )
      )[0]!.n,
    ).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(m.email, `Wrong@Pass${i}`)),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 403)).toBe(true);
    // The right password now answers like any other: the attacker learns nothing.
    const refused = await login(m.email, m.password);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('SIGN_IN_PAUSED');
    expect((await login(m.email, 'Wrong@Pass1')).body).toEqual(refused.body);
    const mails = await mailsTo(m.email, 'Sign-in to your account is paused');
    expect(mails).toHaveLength(1);

    const { token } = await latestMail(t, m.email);
    expect((await unlock(token)).status).toBe(200);
    expect((await login(m.email, m.password)).status).toBe(200);
  });

  it('refuses a missing or unknown unlock token with catalogue codes', async () => {
    expect(
      (await call(t.app, 'POST', '/api/users/unlock-sign-in', { body: {} })).body.errorCode,
    ).toBe('TOKEN_REQUIRED');
    expect((await unlock('nope')).body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });
});
