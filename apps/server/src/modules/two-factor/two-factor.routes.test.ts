import type { TwoFactorSetup } from '@ctn/contracts/security';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { bootstrap } from '../../bootstrap/seed';
import {
  call,
  createTestApp,
  inGoodStanding,
  nextIp,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';
import { totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, totp?: string, ip = nextIp()) =>
  call<{ token: string; user: { twoFactorEnabled: boolean } }>(t.app, 'POST', '/api/users/login', {
    body: { email, password, ...(totp === undefined ? {} : { totpCode: totp }) },
    ip,
  });

/** Forgets the step last used, as if the previous code was 30 s ago (each code works once). */
const nextWindow = (userId: string) =>
  t.database.db.execute(
    sql`update user_two_factor set last_used_step = 0 where user_id = ${userId}`,
  );

/** A member who turned two-factor sign-in on through the API; their secret and recovery codes. */
async function enrolledMember() {
  const m = await signedInMember(t);
  const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
    token: m.token,
    body: { password: m.password },
  });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data!;
  const enabled = await call<{ recoveryCodes: string[] }>(
    t.app,
    'POST',
    '/api/users/two-factor/enable',
    { token: m.token, body: { code: totpCode(secret), password: m.password } },
  );
  expect(enabled.status).toBe(200);
  await nextWindow(m.user._id);
  return { ...m, secret, recoveryCodes: enabled.body.data!.recoveryCodes };
}

describe('two-factor enrolment', () => {
  it('needs a right code of the scanned secret, then gives 10 recovery codes once', async () => {
    const m = await signedInMember(t);
    const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: m.password },
    });
    expect(setup.body.data!.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/CopyTrade%20Network:.+\?.*secret=[A-Z2-7]+.*algorithm=SHA1.*digits=6.*period=30/,
    );
    const { secret } = setup.body.data!;
    const wrong = await call(t.app, 'POST', '/api/users/two-factor/enable', {
      token: m.token,
      body: { code: totpCode(secret, Date.now() - 5 * 60_000), password: m.password },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorCode).toBe('INVALID_TWO_FACTOR_CODE');
    // Still off: a wrong code changed nothing, and the session is not ended by a 401 of this kind.
    expect((await login(m.email, m.password)).status).toBe(200);

    const right = await call<{ recoveryCodes: string[] }>(
      t.app,
      'POST',
      '/api/users/two-factor/enable',
      { token: m.token, body: { code: totpCode(secret), password: m.password } },
    );
    expect(right.status).toBe(200);
    expect(right.body.data!.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.data!.recoveryCodes).size).toBe(10);
    const status = await call<{ enabled: boolean; recoveryCodesLeft: number }>(
      t.app,
      'GET',
      '/api/users/two-factor',
      { token: m.token },
    );
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The member is mailed, and the change is in their security log.
    const mails = await t.services.mail.listMailbox();
    expect(
      mails.some(
        (x) => x.toAddress === m.email && x.subject.includes('Two-factor authentication turned on'),
      ),
    ).toBe(true);
  });

  it('a stolen session cannot turn it on: setup and enable need the current password', async () => {
    const m = await signedInMember(t);
    const other = (await login(m.email, m.password)).body.data!.token;
    const bare = await call(t.app, 'POST', '/api/users/two-factor/setup', { token: m.token });
    expect(bare.body.errorCode).toBe('VALIDATION_ERROR');
    const wrong = await call(t.app, 'POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: 'Wrong@Pass1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      errorCode: 'CURRENT_PASSWORD_INCORRECT',
      error: 'The current password is incorrect.',
    });
    const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: m.password },
    });
    const { secret } = setup.body.data!;
    for (const body of [
      { code: totpCode(secret) },
      { code: totpCode(secret), password: 'Wrong@Pass1' },
    ]) {
      const refused = await call(t.app, 'POST', '/api/users/two-factor/enable', {
        token: m.token,
        body,
      });
      expect(['VALIDATION_ERROR', 'CURRENT_PASSWORD_INCORRECT']).toContain(refused.body.errorCode);
    }
    // Nothing changed: the password alone still signs in, and no session ended.
    expect((await login(m.email, m.password)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: other })).status).toBe(200);

    // With it, enabling ends every other session and keeps this one.
    const enabled = await call(t.app, 'POST', '/api/users/two-factor/enable', {
      token: m.token,
      body: { code: totpCode(secret), password: m.password },
    });
    expect(enabled.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: m.token })).status).toBe(200);
  });

  it('keeps the secret and the recovery codes unreadable in the database', async () => {
    const m = await enrolledMember();
    const [row] = await rowsOf<{ secret: string }>(
      t.database.db,
      sql`select secret from user_two_factor where user_id = ${m.user._id}`,
    );
    expect(row!.secret).not.toContain(m.secret);
    expect(row!.secret).toMatch(/^v1\./);
    const stored = await rowsOf<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${m.user._id}`,
    );
    for (const code of m.recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });
});

describe('signing in with a second factor', () => {
  it('answers TWO_FACTOR_REQUIRED without a code and issues nothing; a right code signs in once', async () => {
    const m = await enrolledMember();
    const bare = await login(m.email, m.password);
    expect(bare.status).toBe(401);
    expect(bare.body.errorCode).toBe('TWO_FACTOR_REQUIRED');
    expect(bare.body.data).toEqual({ requiresTwoFactor: true });
    const wrongPassword = await login(m.email, 'Wrong@Pass1', totpCode(m.secret));
    expect(wrongPassword.body.errorCode).toBe('INVALID_CREDENTIALS');
    const wrong = await login(m.email, m.password, '000000');
    expect(wrong.body.errorCode).toBe('INVALID_TWO_FACTOR_CODE');
    expect(wrong.body.data).toBeNull();

    const code = totpCode(m.secret);
    const signedIn = await login(m.email, m.password, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data!.user.twoFactorEnabled).toBe(true);
    // The same code again: refused, it was used.
    expect((await login(m.email, m.password, code)).body.errorCode).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const m = await enrolledMember();
    const [first] = m.recoveryCodes;
    const typed = first!.toUpperCase().replace('-', '');
    expect((await login(m.email, m.password, typed)).status).toBe(200);
    expect((await login(m.email, m.password, first)).body.errorCode).toBe(
      'INVALID_TWO_FACTOR_CODE',
    );
    const status = await call<{ recoveryCodesLeft: number }>(
      t.app,
      'GET',
      '/api/users/two-factor',
      {
        token: (await login(m.email, m.password, m.recoveryCodes[1])).body.data!.token,
      },
    );
    expect(status.body.data!.recoveryCodesLeft).toBe(8);
  });

  it('counts wrong codes like wrong passwords: the sign-in limit stops the guessing', async () => {
    const m = await enrolledMember();
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await login(m.email, m.password, '123456', ip)).body.errorCode);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('INVALID_TWO_FACTOR_CODE'));
    expect(answers[5]).toBe('TOO_MANY_REQUESTS');
    expect((await login(m.email, m.password, totpCode(m.secret), ip)).body.errorCode).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('one code sent 10 times at once signs in once', async () => {
    const m = await enrolledMember();
    const code = totpCode(m.secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(m.email, m.password, code)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('switching off and renewing', () => {
  it('lets a member switch it off with password and code, and holds withdrawals a day', async () => {
    const m = await enrolledMember();
    const noPassword = await call(t.app, 'POST', '/api/users/two-factor/disable', {
      token: m.token,
      body: { password: 'Wrong@Pass1', code: totpCode(m.secret) },
    });
    expect(noPassword.body.errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
    const off = await call(t.app, 'POST', '/api/users/two-factor/disable', {
      token: m.token,
      body: { password: m.password, code: totpCode(m.secret) },
    });
    expect(off.status).toBe(200);
    expect((await login(m.email, m.password)).status).toBe(200);

    await inGoodStanding(t, m.user._id);
    await postEntry(t.database.db, {
      userId: m.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: `seed:${m.user._id}`,
      delta: { available: 50_000_000n, earned: 50_000_000n },
    });
    const events = await call<{
      withdrawalsFrozenUntil: string | null;
      events: { kind: string }[];
    }>(t.app, 'GET', '/api/users/security-events', { token: m.token });
    expect(events.body.data!.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['TWO_FACTOR_ENABLED', 'TWO_FACTOR_DISABLED']),
    );
    const until = new Date(events.body.data!.withdrawalsFrozenUntil!).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const withdrawal = await call(t.app, 'POST', '/api/withdrawals', {
      token: m.token,
      body: {
        amount: 20,
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        asset: 'USDT',
        otp: '123456',
      },
    });
    expect(withdrawal.status).toBe(403);
    expect(withdrawal.body.errorCode).toBe('WITHDRAWALS_FROZEN');
  });

  it('renews recovery codes after a right code; the old ones stop working', async () => {
    const m = await enrolledMember();
    const renewed = await call<{ recoveryCodes: string[] }>(
      t.app,
      'POST',
      '/api/users/two-factor/recovery-codes',
      { token: m.token, body: { code: totpCode(m.secret) } },
    );
    expect(renewed.body.data!.recoveryCodes).toHaveLength(10);
    expect((await login(m.email, m.password, m.recoveryCodes[0])).body.errorCode).toBe(
      'INVALID_TWO_FACTOR_CODE',
    );
    expect((await login(m.email, m.password, renewed.body.data!.recoveryCodes[0])).status).toBe(
      200,
    );
  });
});

describe('administrators', () => {
  it('ADMIN_TOTP_SECRET enrols the bootstrap administrator; they cannot switch it off', async () => {
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    const config = {
      ...t.config,
      admin: { email: 'ops@example.com', password: 'Ops@Password12', totpSecret: secret },
    };
    await bootstrap(t.services, t.database.db, config);
    const bare = await login('ops@example.com', 'Ops@Password12');
    expect(bare.body.errorCode).toBe('TWO_FACTOR_REQUIRED');
    const signedIn = await login('ops@example.com', 'Ops@Password12', totpCode(secret));
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data!.token;
    expect((await call(t.app, 'GET', '/api/users/admin/overall-stats', { token })).status).not.toBe(
      403,
    );
    const off = await call(t.app, 'POST', '/api/users/two-factor/disable', {
      token,
      body: { password: 'Ops@Password12', code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(off.body.errorCode).toBe('TWO_FACTOR_REQUIRED_FOR_ADMINS');
    // A second start with the same secret changes nothing.
    await bootstrap(t.services, t.database.db, config);
    expect((await login('ops@example.com', 'Ops@Password12')).body.errorCode).toBe(
      'TWO_FACTOR_REQUIRED',
    );
  });

  it('ADMIN_TOTP_SECRET does not undo a re-enrolment: one warning, nothing changes', async () => {
    const leaked = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const config = {
      ...t.config,
      admin: { email: 'ops2@example.com', password: 'Ops@Password12', totpSecret: leaked },
    };
    await bootstrap(t.services, t.database.db, config);
    const token = (await login('ops2@example.com', 'Ops@Password12', totpCode(leaked))).body.data!
      .token;
    // The secret leaked: the administrator's factor is reset and enrolled again with a new one.
    const [admin] = await rowsOf<{ id: string }>(
      t.database.db,
      sql`select id from users where email = 'ops2@example.com'`,
    );
    await t.database.db.execute(sql`delete from user_two_factor where user_id = ${admin!.id}`);
    const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
      token,
      body: { password: 'Ops@Password12' },
    });
    const fresh = setup.body.data!.secret;
    await call(t.app, 'POST', '/api/users/two-factor/enable', {
      token,
      body: { code: totpCode(fresh), password: 'Ops@Password12' },
    });
    const warnings: string[] = [];
    const warn = t.services.auth['deps'].log.warn.bind(t.services.auth['deps'].log);
    t.services.auth['deps'].log.warn = (obj: unknown, msg?: string) => {
      if (msg) warnings.push(msg);
      return warn(obj as object, msg);
    };
    await bootstrap(t.services, t.database.db, config);
    t.services.auth['deps'].log.warn = warn;
    expect(warnings.filter((w) => w.startsWith('ADMIN_TOTP_SECRET'))).toHaveLength(1);
    await nextWindow(admin!.id);
    expect(
      (await login('ops2@example.com', 'Ops@Password12', totpCode(leaked))).body.errorCode,
    ).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await login('ops2@example.com', 'Ops@Password12', totpCode(fresh))).status).toBe(200);
  });

  it('an administrator who enrols through the API reaches the admin calls at once', async () => {
    await t.services.auth.ensureAdmin('new-admin@example.com', 'Admin@Password3');
    const first = await login('new-admin@example.com', 'Admin@Password3');
    const token = first.body.data!.token;
    expect(
      (await call(t.app, 'GET', '/api/users/admin/overall-stats', { token })).body.errorCode,
    ).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const setup = await call<TwoFactorSetup>(t.app, 'POST', '/api/users/two-factor/setup', {
      token,
      body: { password: 'Admin@Password3' },
    });
    await call(t.app, 'POST', '/api/users/two-factor/enable', {
      token,
      body: { code: totpCode(setup.body.data!.secret), password: 'Admin@Password3' },
    });
    expect((await call(t.app, 'GET', '/api/users/admin/overall-stats', { token })).status).toBe(
      200,
    );
  });
});
