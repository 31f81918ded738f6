import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { SESSION_CHANGES } from '../../src/modules/auth/session-cache';
import { SETTINGS_CHANGES } from '../../src/modules/settings/settings.service';
import { REWARD_CHANGES } from '../../src/modules/rewards/rewards.service';
import { NETWORK_CHANGES } from '../../src/modules/referrals/referrals.service';
import {
  call,
  freshDatabase,
  startApp,
  testConfig,
  ROOT_CODE,
  signedInAdmin,
  signedInMember,
  STRONG_PASSWORD,
  usingPostgres,
  type TestApp,
} from '../test-app';

/**
 * Each instance keeps the session check's row, the displayed reward settings, the count of a
 * member's reward lines and the counts of a network in its own memory (docs/decisions/019); a
 * locked account, a changed password or an ended session must still end the session at once on
 * every instance, and no figure may outlive the write that changed it. Two apps, each with its
 * own pool, caches and LISTEN connection, on one PostgreSQL.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.skipIf(!usingPostgres())('what each instance keeps, across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;

  const profile = (t: TestApp, token: string) =>
    call(t.app, 'GET', '/api/users/profile', { token }).then((r) => r.status);
  /** A write: it always checks the session against the database. */
  const write = (t: TestApp, token: string) =>
    call(t.app, 'PUT', '/api/users/change-password', {
      token,
      body: { currentPassword: 'Not@ThePassword1', newPassword: 'x', confirmPassword: 'x' },
    }).then((r) => r.status);
  /** Resolves once the instance's feed has heard that the user's sessions changed. */
  const heard = (t: TestApp, userId: string) =>
    new Promise<void>((resolve) =>
      t.database.changes(SESSION_CHANGES)!.subscribe({
        changed: (id) => id === userId && resolve(),
        reset: () => undefined,
      }),
    );
  /** Both instances have the session cached: each has answered with it already. */
  const warm = async (token: string) => {
    for (const t of [a, b, a, b]) expect(await profile(t, token)).toBe(200);
  };

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const config = testConfig(fresh.url);
    const instance = async (): Promise<TestApp> => {
      const database = await openDatabase(config.database);
      await migrate(database);
      const { app, services, close } = await startApp(config, database, {
        checkSerialization: false,
      });
      return {
        app,
        services,
        database,
        config,
        rootCode: ROOT_CODE,
        async close() {
          await close();
          await database.close();
        },
      };
    };
    a = await instance();
    b = await instance();
    await a.services.auth.ensureRoot(ROOT_CODE);
    for (const t of [a, b])
      await until('the change feed', () => t.database.changes(SESSION_CHANGES)!.live);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('refuses a locked member on both instances as soon as the lock is answered', async () => {
    const member = await signedInMember(a);
    const admin = await signedInAdmin(a);
    await warm(member.token);
    const heardOnB = heard(b, member.user._id);
    const lock = await call(a.app, 'PUT', `/api/users/${member.user._id}/status`, {
      token: admin.token,
      body: { status: 'LOCKED' },
    });
    expect(lock.status).toBe(200);
    const answered = performance.now();
    // A write reads the session from the database: refused with no wait at all.
    expect(await write(b, member.token)).toBe(401);
    // A read may use the kept session until the notification lands, a loopback hop later.
    await heardOnB;
    expect(performance.now() - answered).toBeLessThan(250);
    expect(await profile(b, member.token)).toBe(401);
    expect(await profile(a, member.token)).toBe(401);
  });

  it('ends the other sessions everywhere when the password changes', async () => {
    const member = await signedInMember(b);
    const other = await call<{ token: string }>(a.app, 'POST', '/api/users/login', {
      body: { email: member.email, password: member.password },
      ip: '10.9.0.1',
    });
    const otherToken = other.body.data!.token;
    await warm(member.token);
    await warm(otherToken);
    const heardBoth = Promise.all([heard(a, member.user._id), heard(b, member.user._id)]);
    const changed = await call<{ token: string }>(b.app, 'PUT', '/api/users/change-password', {
      token: member.token,
      body: {
        currentPassword: member.password,
        newPassword: `${STRONG_PASSWORD}9`,
        confirmPassword: `${STRONG_PASSWORD}9`,
      },
    });
    expect(changed.status).toBe(200);
    expect(await write(a, otherToken)).toBe(401);
    await heardBoth;
    for (const t of [a, b]) {
      expect(await profile(t, otherToken)).toBe(401);
      expect(await profile(t, member.token)).toBe(401);
      expect(await profile(t, changed.body.data!.token)).toBe(200);
    }
  });

  it('ends a signed-out session on the other instance, and every session after "sign out everywhere"', async () => {
    const member = await signedInMember(a);
    const second = await call<{ token: string }>(b.app, 'POST', '/api/users/login', {
      body: { email: member.email, password: member.password },
      ip: '10.9.0.2',
    });
    const secondToken = second.body.data!.token;
    await warm(member.token);
    await warm(secondToken);
    const sessions = await call<{ sessions: { id: string; current: boolean }[] }>(
      b.app,
      'GET',
      '/api/users/sessions',
      { token: secondToken },
    );
    const firstSession = sessions.body.data!.sessions.find((s) => !s.current)!;
    const heardOnA = heard(a, member.user._id);
    const ended = await call(b.app, 'DELETE', `/api/users/sessions/${firstSession.id}`, {
      token: secondToken,
    });
    expect(ended.status).toBe(200);
    expect(await write(a, member.token)).toBe(401);
    await heardOnA;
    expect(await profile(a, member.token)).toBe(401);
    expect(await profile(a, secondToken)).toBe(200);

    const heardOnB = heard(b, member.user._id);
    const everywhere = await call(a.app, 'POST', '/api/users/sessions/sign-out-everywhere', {
      token: secondToken,
    });
    expect(everywhere.status).toBe(200);
    await heardOnB;
    expect(await profile(b, secondToken)).toBe(401);
  });

  it('sees a change made by hand in SQL, which no service announced', async () => {
    const member = await signedInMember(b);
    await warm(member.token);
    const heardBoth = Promise.all([heard(a, member.user._id), heard(b, member.user._id)]);
    await a.database.db.execute(
      sql`update users set status = 'DISABLED' where id = ${member.user._id}`,
    );
    await heardBoth;
    expect(await profile(a, member.token)).toBe(401);
    expect(await profile(b, member.token)).toBe(401);
  });

  it('keeps nothing while its LISTEN connection is down, and starts afresh once it is back', async () => {
    const member = await signedInMember(a);
    await warm(member.token);
    const feedOfB = b.database.changes(SESSION_CHANGES)!;
    // Every listening connection goes (both instances'); each makes it again.
    await rowsOf(
      a.database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like 'ctn-listen-%'`,
    );
    await until('the feed to notice', () => !feedOfB.live);
    // Changed while nobody listens: no notification will ever arrive for it.
    await a.database.db.execute(
      sql`update users set token_version = token_version + 1 where id = ${member.user._id}`,
    );
    expect(await profile(b, member.token)).toBe(401);
    await until('the feed to listen again', () => feedOfB.live);
    expect(await profile(b, member.token)).toBe(401);
    expect(await profile(a, member.token)).toBe(401);
  });

  it('shows a saved minimum withdrawal beside the balances on the other instance', async () => {
    const member = await signedInMember(a);
    const admin = await signedInAdmin(a);
    const stats = async (t: TestApp) =>
      (
        await call<{ minimumWithdrawal: number }>(
          t.app,
          'GET',
          `/api/rewards/stats/${(member.user as { userId?: string }).userId}`,
          { token: member.token },
        )
      ).body.data!.minimumWithdrawal;
    const before = await stats(b);
    const settings = await call<Record<string, unknown>>(
      a.app,
      'GET',
      '/api/admin/settings/rewards',
      {
        token: admin.token,
      },
    );
    const heardOnB = new Promise<void>((resolve) =>
      b.database
        .changes(SETTINGS_CHANGES)!
        .subscribe({ changed: () => resolve(), reset: () => undefined }),
    );
    const saved = await call(a.app, 'PUT', '/api/admin/settings/rewards', {
      token: admin.token,
      body: { ...settings.body.data, minimumWithdrawal: before + 7 },
    });
    expect(saved.status).toBe(200);
    await heardOnB;
    expect(await stats(b)).toBe(before + 7);
  });

  /** Resolves once the instance has heard anything on `channel`. */
  const heardOn = (t: TestApp, channel: string) =>
    new Promise<void>((resolve) =>
      t.database.changes(channel)!.subscribe({ changed: () => resolve(), reset: () => undefined }),
    );

  it("counts a member's new reward line on the other instance once it is written", async () => {
    const member = await signedInMember(a);
    const total = async (t: TestApp) =>
      (
        await call<{ pagination: { totalRecords: number } }>(
          t.app,
          'GET',
          '/api/rewards/user?page=1&limit=10',
          { token: member.token },
        )
      ).body.data!.pagination.totalRecords;
    expect(await total(b)).toBe(0);
    expect(await total(b)).toBe(0);
    const heardOnB = heardOn(b, REWARD_CHANGES);
    await a.database.db.execute(
      // A cycle's line (no foreign key on its cycle: decision 012).
      sql`insert into rewards (user_id, source_user_id, type, level, reward_micro, master_micro,
                               percent_bp, bucket, cycle_id)
          values (${member.user._id}, ${member.user._id}, 'DOWNLINE', 1, 1000000, 10000000, 1000,
                  'AVAILABLE', gen_random_uuid())`,
    );
    await heardOnB;
    expect(await total(b)).toBe(1);
  });

  it("shows a network's new member, and a subscription's lapse with no write at all", async () => {
    const viewer = await signedInMember(a);
    const statistics = async (t: TestApp) =>
      (
        await call<{ statistics: { totalReferrals: number; paidSubscriptions: number } }>(
          t.app,
          'GET',
          '/api/users/referrals/history?page=1&limit=10',
          { token: viewer.token },
        )
      ).body.data!.statistics;
    expect(await statistics(b)).toMatchObject({ totalReferrals: 0, paidSubscriptions: 0 });
    const joined = heardOn(b, NETWORK_CHANGES);
    const referral = await signedInMember(a, { referredByCode: viewer.user.referralCode });
    await joined;
    expect(await statistics(b)).toMatchObject({ totalReferrals: 1, paidSubscriptions: 0 });

    const paid = heardOn(b, NETWORK_CHANGES);
    await a.database.db.execute(
      sql`update users set paid_until = now() + interval '1500 milliseconds'
          where id = ${referral.user._id}`,
    );
    await paid;
    expect(await statistics(b)).toMatchObject({ paidSubscriptions: 1 });
    expect(await statistics(b)).toMatchObject({ paidSubscriptions: 1 });
    await sleep(1_600);
    expect(await statistics(b)).toMatchObject({ totalReferrals: 1, paidSubscriptions: 0 });
  });
});
