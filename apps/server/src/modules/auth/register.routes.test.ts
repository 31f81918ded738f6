import { sql } from 'drizzle-orm';
import { isWalletAddress } from '@ctn/contracts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  latestMail,
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

describe('POST /api/users/register', () => {
  it('creates an unverified member under the referrer and mails a verification link', async () => {
    const answer = await register(t, {
      firstName: '  Grace ',
      email: uniqueEmail('Grace').toUpperCase(),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'REGISTRATION_SUCCESSFUL',
      error: null,
      errorCode: null,
      requiresVerification: true,
      data: {
        requiresVerification: true,
        user: { email: answer.email, firstName: 'Grace', lastName: 'Lovelace' },
      },
    });
    const { mail, link } = await latestMail(t, answer.email);
    expect(mail.subject).toBe('Verify your email address');
    expect(link).toMatch(/^http:\/\/app\.test\/verify-email\?token=[\w-]{43}$/);
    expect(mail.htmlBody).toContain(link);
  });

  it('gives each member a unique 8-character code, a public number and a derived deposit address', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const profileA = (
      await call<Record<string, string>>(t.app, 'GET', '/api/users/profile', { token: a.token })
    ).body.data!;
    const profileB = (
      await call<Record<string, string>>(t.app, 'GET', '/api/users/profile', { token: b.token })
    ).body.data!;
    expect(profileA['referralCode']).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(profileA['referralCode']).not.toBe(profileB['referralCode']);
    expect(profileA['userId']).toMatch(/^CT\d{7}$/);
    expect(isWalletAddress(profileA['walletAddress']!)).toBe(true);
    expect(profileA['walletAddress']).not.toBe(profileB['walletAddress']);
  });

  it("writes the closure table: the referrer at depth 1 and the referrer's uplines one deeper", async () => {
    const parent = await signedInMember(t);
    const child = await signedInMember(t, {
      referredByCode: parent.user.referralCode.toLowerCase(),
    });
    const paths = await rowsOf<{ ancestor: string; depth: number }>(
      t.database.db,
      sql`select ancestor, depth from referral_paths where descendant = ${child.user._id} order by depth`,
    );
    const root = await t.services.auth.findByReferralCode(t.rootCode);
    expect(paths).toEqual([
      { ancestor: parent.user._id, depth: 1 },
      { ancestor: root!.id, depth: 2 },
    ]);
  });

  it('never stores paths beyond 15 levels', async () => {
    let code = t.rootCode;
    let last = '';
    for (let level = 1; level <= 17; level++) {
      const member = await signedInMember(t, { referredByCode: code });
      code = member.user.referralCode;
      last = member.user._id;
    }
    const [deepest] = await rowsOf<{ n: number; max: number }>(
      t.database.db,
      sql`select count(*)::int as n, max(depth)::int as max from referral_paths where descendant = ${last}`,
    );
    expect(deepest).toEqual({ n: 15, max: 15 });
  });

  it('refuses an email that is already verified, whatever its case: USER_EXISTS', async () => {
    const first = await signedInMember(t);
    const again = await register(t, { email: first.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: 'USER_EXISTS',
      errorCode: 'USER_EXISTS',
      error: 'An account with this email already exists; sign in instead.',
      data: null,
    });
  });

  it('replaces an unverified registration of the same email: new name, new referrer, new link', async () => {
    const inviter = await signedInMember(t, { firstName: 'Jane', lastName: 'doe' });
    const first = await register(t, { firstName: 'Mallory' });
    const oldLink = await latestMail(t, first.email);
    expect(oldLink.mail.textBody).not.toContain('referral code of');

    const again = await register(t, {
      email: first.email,
      firstName: 'Grace',
      referredByCode: inviter.user.referralCode,
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({
      user: { email: first.email, firstName: 'Grace', referredBy: 'Jane D.' },
    });
    const newLink = await latestMail(t, first.email);
    expect(newLink.mail.textBody).toContain('You registered with the referral code of Jane D.');
    const stale = await call(t.app, 'POST', '/api/users/verify-email', {
      body: { token: oldLink.token },
    });
    expect(stale.body.errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect(
      (await call(t.app, 'POST', '/api/users/verify-email', { body: { token: newLink.token } }))
        .status,
    ).toBe(200);
    const rows = await rowsOf<{ firstName: string; ancestor: string; depth: number }>(
      t.database.db,
      sql`select u.first_name as "firstName", p.ancestor, p.depth
            from users u join referral_paths p on p.descendant = u.id
           where u.email = ${first.email} order by p.depth`,
    );
    expect(rows[0]).toEqual({ firstName: 'Grace', ancestor: inviter.user._id, depth: 1 });
    expect(rows).toHaveLength(2);
  });

  it('hands out the deposit address when the email is verified, not at registration', async () => {
    const registered = await register(t);
    const addressOf = async () =>
      (
        await rowsOf<{ walletAddress: string | null }>(
          t.database.db,
          sql`select wallet_address as "walletAddress" from users where email = ${registered.email}`,
        )
      )[0]!.walletAddress;
    expect(await addressOf()).toBeNull();
    const { token } = await latestMail(t, registered.email);
    await call(t.app, 'POST', '/api/users/verify-email', { body: { token } });
    expect(isWalletAddress((await addressOf())!)).toBe(true);
  });

  it('deletes registrations nobody verified within 48 hours, and nothing else', async () => {
    const stale = await register(t);
    const recent = await register(t);
    const verified = await signedInMember(t);
    await t.database.db.execute(sql`
      update users set created_at = now() - interval '49 hours'
       where email in (${stale.email}, ${verified.email})`);
    expect(await t.services.registration.purgeUnverified()).toBeGreaterThanOrEqual(1);
    const left = await rowsOf<{ email: string }>(
      t.database.db,
      sql`select email from users where email in (${stale.email}, ${recent.email}, ${verified.email})`,
    );
    expect(left.map((r) => r.email).sort()).toEqual([recent.email, verified.email].sort());
    // The address is free again: registering it starts over.
    expect((await register(t, { email: stale.email })).status).toBe(201);
  });

  it('names who invites with a code ("Ada L.") and its public link; refuses codes that take no one', async () => {
    const inviter = await signedInMember(t);
    const profile = (
      await call<{ firstName: string; lastName: string; referralLink: string }>(
        t.app,
        'GET',
        '/api/users/profile',
        { token: inviter.token },
      )
    ).body.data!;
    const found = await call<{ name: string; referralCode: string; link: string }>(
      t.app,
      'GET',
      `/api/users/referrer/${inviter.user.referralCode.toLowerCase()}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({
      name: `${profile.firstName} ${profile.lastName[0]!.toUpperCase()}.`,
      referralCode: inviter.user.referralCode,
      link: `http://app.test/ref/${inviter.user.referralCode}`,
    });
    // The member's own profile carries the same link.
    expect(profile.referralLink).toBe(found.body.data!.link);
    const unknown = await call(t.app, 'GET', '/api/users/referrer/NOSUCHCODE');
    expect(unknown.body.errorCode).toBe('INVALID_REFERRAL_CODE');
    // It tells whether a code exists, so guessing is throttled: 60 looks per 15 minutes.
    for (let i = 2; i < 60; i++) await call(t.app, 'GET', '/api/users/referrer/NOSUCHCODE');
    const throttled = await call(t.app, 'GET', `/api/users/referrer/${inviter.user.referralCode}`);
    expect(throttled.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it("refuses unknown referral codes and the administrator's code: INVALID_REFERRAL_CODE", async () => {
    const unknown = await register(t, { referredByCode: 'NOSUCHCODE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('INVALID_REFERRAL_CODE');
    await t.services.auth.ensureAdmin('boss@example.com', 'Admin@Password1');
    const admin = await t.services.auth.findByEmail('boss@example.com');
    const viaAdmin = await register(t, { referredByCode: admin!.referralCode });
    expect(viaAdmin.body.errorCode).toBe('INVALID_REFERRAL_CODE');
    // Nobody can have been given an unverified member's code: they cannot sign in to see it.
    const unverified = await register(t);
    const code = (await t.services.auth.findByEmail(unverified.email))!.referralCode;
    expect((await register(t, { referredByCode: code })).body.errorCode).toBe(
      'INVALID_REFERRAL_CODE',
    );
  });

  it("answers VALIDATION_ERROR with the spec's message per field", async () => {
    const answer = await call<{ errors: { field: string; message: string }[] }>(
      t.app,
      'POST',
      '/api/users/register',
      {
        body: { firstName: ' ', email: 'not-an-email', password: 'short', referredByCode: '' },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
    expect(answer.body.data!.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
        { field: 'email', message: 'Email is invalid' },
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'referredByCode', message: 'Referral code is required' },
      ]),
    );
  });

  it('leaves one account for two simultaneous registrations of one email', async () => {
    for (let round = 0; round < 5; round++) {
      const email = uniqueEmail('race');
      const answers = await Promise.all([
        register(t, { email, firstName: 'One' }),
        register(t, { email, firstName: 'Two' }),
      ]);
      // Either the unique index refuses the later one, or it replaced the unverified earlier one.
      const statuses = answers.map((a) => a.status).sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const accounts = await rowsOf<{ id: string; paths: number }>(
        t.database.db,
        sql`select u.id, (select count(*)::int from referral_paths p where p.descendant = u.id) as paths
              from users u where u.email = ${email}`,
      );
      expect(accounts).toHaveLength(1);
      expect(accounts[0]!.paths).toBe(1);
    }
  });
});
