import type { UserReportDetail, UserReportsResponse } from '@ctn/contracts/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  nextIp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';
import { daysAgo, insertPayment, insertWithdrawal } from './reports.fixtures';

let t: TestApp;
let admin: { token: string };
/** A member with one referral (and a grandchild), a payment, a reward, a sign-in, a withdrawal. */
let parent: Awaited<ReturnType<typeof signedInMember>>;
let child: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  const db = t.database.db;
  parent = await signedInMember(t, { firstName: 'Reporta', lastName: 'Parent' });
  child = await signedInMember(t, {
    firstName: 'Reportb',
    lastName: 'Child',
    referredByCode: parent.user.referralCode,
  });
  await signedInMember(t, { firstName: 'Reportc', referredByCode: child.user.referralCode });
  // Each activity on its own day, so that the timeline's order is known.
  await db.execute(
    sql`update member_logins set created_at = ${daysAgo(4).toISOString()}::timestamptz
         where user_id = ${parent.user._id}`,
  );
  await db.execute(
    sql`update users set created_at = ${daysAgo(3).toISOString()}::timestamptz
         where id = ${child.user._id}`,
  );
  await insertPayment(db, parent.user._id, 10, daysAgo(5));
  await insertWithdrawal(db, parent.user._id, 0.5, {
    status: 'APPROVED',
    requestedAt: daysAgo(2),
    processedAt: daysAgo(1),
  });
  // The reward (credited now), then the withdrawal's hold and payout, as the ledger moves them.
  await postEntry(db, {
    userId: parent.user._id,
    kind: 'REWARD_DIRECT',
    sourceKey: 'payment:test',
    delta: { available: 1_000_000n, earned: 1_000_000n },
    memo: 'Referral reward',
  });
  await postEntry(db, {
    userId: parent.user._id,
    kind: 'WITHDRAWAL_HOLD',
    sourceKey: 'withdrawal:test',
    delta: { available: -500_000n, pending: 500_000n },
  });
  await postEntry(db, {
    userId: parent.user._id,
    kind: 'WITHDRAWAL_PAID',
    sourceKey: 'withdrawal:test',
    delta: { pending: -500_000n, withdrawn: 500_000n },
  });
});
afterAll(() => t.close());

const list = (query = '', token = admin.token) =>
  call<UserReportsResponse>(t.app, 'GET', `/api/users/admin/reports${query}`, { token });
const detail = (id: string, token = admin.token) =>
  call<UserReportDetail>(t.app, 'GET', `/api/users/admin/reports/${id}`, { token });

describe('GET /api/users/admin/reports', () => {
  it("answers each member's financial, referral and activity counters", async () => {
    const answer = await list('?search=reporta');
    expect(answer.status).toBe(200);
    const { reports, pagination } = answer.body.data!;
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalRecords: 1,
      limit: 10,
      hasNext: false,
      hasPrev: false,
    });
    expect(reports[0]).toEqual({
      _id: parent.user._id,
      userId: expect.stringMatching(/^CT\d+$/),
      name: 'Reporta Parent',
      email: parent.email,
      status: 'ACTIVE',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      financial: {
        balance: 0.5,
        locked: 0,
        held: 0,
        pending: 0,
        totalEarned: 1,
        totalWithdrawn: 0.5,
        forfeited: 0,
        subscriptionPayments: 1,
        subscriptionPaid: 10,
      },
      referrals: { direct: 1, network: 2, activeNetwork: 2 },
      // No cycle has counted this member yet.
      trading: { cycles: 0, commission: 0, volume: null, cyclesWithVolume: 0 },
      activity: {
        lastLogin: expect.any(String),
        loginsLast30Days: 1,
        withdrawals: 1,
        rewardCredits: 1,
        lastActivityAt: expect.any(String),
      },
    });
  });

  it("answers the member's trading from the completed cycles' exchange data", async () => {
    const db = t.database.db;
    const cycle = async (source: string, status: string, start: string, end: string) => {
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`insert into reward_cycles
              (status, source, period_start, period_end, members, total_master_micro, preview,
               created_by_email)
            values (${status}, ${source}, ${start}, ${end}, 1, 1, '{}'::jsonb, 'admin@example.com')
            returning id`,
      );
      return row!.id;
    };
    const entry = (cycleId: string, masterMicro: number, volumeMicro: number | null) =>
      db.execute(sql`insert into reward_cycle_entries (cycle_id, user_id, master_micro, volume_micro)
        values (${cycleId}, ${child.user._id}, ${masterMicro}, ${volumeMicro})`);
    // An exchange cycle with the volume, a CSV one without, and a draft that does not count yet.
    await entry(
      await cycle('EXCHANGE', 'COMPLETED', '2024-01-01', '2024-01-07'),
      2_000_000,
      1_500_250_000,
    );
    await entry(await cycle('CSV', 'COMPLETED', '2024-02-01', '2024-02-07'), 3_000_000, null);
    await entry(
      await cycle('EXCHANGE', 'DRAFT', '2024-03-01', '2024-03-07'),
      50_000_000,
      9_000_000_000,
    );

    const report = (await list('?search=reportb')).body.data!.reports[0]!;
    expect(report.trading).toEqual({
      cycles: 2,
      commission: 5,
      volume: 1500.25,
      cyclesWithVolume: 1,
    });
    expect((await detail(child.user._id)).body.data!.trading).toEqual(report.trading);
  });

  it('answers zeros for a member without records, and never lists administrators or the root', async () => {
    const answer = await list('?sort=name&limit=100');
    const reports = answer.body.data!.reports;
    expect(reports.map((r) => r.name)).toEqual(
      [...reports.map((r) => r.name)].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect(reports.some((r) => r.email === 'admin@example.com')).toBe(false);
    expect(answer.body.data!.pagination.totalRecords).toBe(3);
    const grandchild = reports.find((r) => r.name.startsWith('Reportc'))!;
    expect(grandchild.financial).toMatchObject({ balance: 0, totalEarned: 0, subscriptionPaid: 0 });
    expect(grandchild.referrals).toEqual({ direct: 0, network: 0, activeNetwork: 0 });
    expect(grandchild.activity).toMatchObject({ withdrawals: 0, rewardCredits: 0 });
  });

  it('filters by status and searches name, email and user ID; pages past the end are empty', async () => {
    await t.database.db.execute(
      sql`update users set status = 'LOCKED' where id = ${child.user._id}`,
    );
    const locked = await list('?status=LOCKED');
    expect(locked.body.data!.reports.map((r) => r._id)).toEqual([child.user._id]);
    const parentNumber = (await list('?search=reporta')).body.data!.reports[0]!.userId;
    expect((await list(`?search=${parentNumber}`)).body.data!.reports).toHaveLength(1);
    expect(
      (await list(`?search=${encodeURIComponent(child.email)}`)).body.data!.reports,
    ).toHaveLength(1);
    expect((await list('?search=%25')).body.data!.pagination.totalRecords).toBe(0);
    // The parent's network counts only ACTIVE accounts as active.
    const report = (await list('?search=reporta')).body.data!.reports[0]!;
    expect(report.referrals).toEqual({ direct: 1, network: 2, activeNetwork: 1 });
    const past = await list('?page=5&limit=2');
    expect(past.body.data!.reports).toHaveLength(0);
    expect(past.body.data!.pagination).toMatchObject({
      totalRecords: 3,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    });
    await t.database.db.execute(
      sql`update users set status = 'ACTIVE' where id = ${child.user._id}`,
    );
  });

  it('refuses members (403) and a bad status (VALIDATION_ERROR)', async () => {
    const asMember = await list('', parent.token);
    expect(asMember.status).toBe(403);
    expect(asMember.body.errorCode).toBe('FORBIDDEN');
    expect((await detail(parent.user._id, parent.token)).status).toBe(403);
    expect((await list('?status=BANNED')).body.errorCode).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/users/admin/reports/{id}', () => {
  it('answers the report with a timeline of the five activity types, newest first', async () => {
    const answer = await detail(parent.user._id);
    expect(answer.status).toBe(200);
    const report = answer.body.data!;
    expect(report.financial.totalEarned).toBe(1);
    expect(report.timeline.map((a) => a.type)).toEqual([
      'REWARD_CLAIM',
      'WITHDRAWAL',
      'REFERRAL',
      'LOGIN',
      'SUBSCRIPTION',
    ]);
    expect(report.timeline).toEqual([
      { type: 'REWARD_CLAIM', at: expect.any(String), summary: 'Referral reward', amount: 1 },
      {
        type: 'WITHDRAWAL',
        at: expect.any(String),
        summary: 'Withdrawal request APPROVED',
        amount: 0.5,
      },
      {
        type: 'REFERRAL',
        at: expect.any(String),
        summary: expect.stringMatching(/^Reportb Child \(CT\d+\) joined$/),
      },
      { type: 'LOGIN', at: expect.any(String), summary: expect.stringMatching(/^Signed in from /) },
      {
        type: 'SUBSCRIPTION',
        at: expect.any(String),
        summary: 'Subscription payment received',
        amount: 10,
      },
    ]);
    const times = report.timeline.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(report.activity.lastActivityAt).toBe(report.timeline[0]!.at);
  });

  it('keeps the 50 newest activities', async () => {
    const m = await signedInMember(t);
    await t.database.db.execute(sql`
      insert into member_logins (user_id, ip, created_at)
      select ${m.user._id}, '10.0.0.1', now() - make_interval(mins => g)
        from generate_series(1, 60) g`);
    const report = (await detail(m.user._id)).body.data!;
    expect(report.timeline).toHaveLength(50);
    expect(report.activity.loginsLast30Days).toBe(61);
  });

  it('answers USER_NOT_FOUND for unknown or malformed ids and for administrators', async () => {
    const adminId = (await t.services.auth.findByEmail('admin@example.com'))!.id;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', adminId]) {
      const answer = await detail(id);
      expect(answer.status).toBe(404);
      expect(answer.body.errorCode).toBe('USER_NOT_FOUND');
    }
  });
});

describe('sign-in', () => {
  it('records a LOGIN row with the address, in the sign-in itself', async () => {
    const ip = nextIp();
    const before = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_logins where user_id = ${child.user._id}`,
    );
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email: child.email, password: child.password },
      ip,
    });
    expect(login.status).toBe(200);
    const rows = await rowsOf<{ ip: string }>(
      t.database.db,
      sql`select ip from member_logins where user_id = ${child.user._id} order by created_at desc`,
    );
    expect(rows).toHaveLength(before[0]!.n + 1);
    expect(rows[0]!.ip).toBe(ip);
    // A failed sign-in records nothing.
    await call(t.app, 'POST', '/api/users/login', {
      body: { email: child.email, password: 'Wrong@Pass1' },
      ip: nextIp(),
    });
    const after = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_logins where user_id = ${child.user._id}`,
    );
    expect(after[0]!.n).toBe(rows.length);
  });
});
