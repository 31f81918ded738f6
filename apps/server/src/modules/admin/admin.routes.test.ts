import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import * as adminQueries from './admin.queries';
import {
  call,
  appWithAdmin,
  nextIp,
  register,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

type UsersAnswer = {
  users: {
    _id: string;
    email: string;
    referredByCode: string | null;
    referredBy: { userId: string } | null;
    subscriptionFee: { paid: boolean };
    createdAt: string;
    lastLogin: string | null;
    totalRewards: number;
    balance: number;
  }[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalUsers: number;
    limit: number;
    hasNext: boolean;
    hasPrev: boolean;
  };
  stats: Record<string, number>;
};

const list = (query = '') =>
  call<UsersAnswer>(t.app, 'GET', `/api/users/admin/all${query}`, { token: admin.token });

describe('GET /api/users/admin/all', () => {
  it("pages members newest first, with the spec's pagination and the eight counters", async () => {
    const parent = await signedInMember(t, { firstName: 'Pagination', lastName: 'Parent' });
    for (let i = 0; i < 11; i++)
      await signedInMember(t, { referredByCode: parent.user.referralCode, firstName: `Child${i}` });
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '1 day', bingx_uid = '55555555' where id = ${parent.user._id}`,
    );

    const first = await list('?page=1&limit=10&sort=-createdAt');
    expect(first.status).toBe(200);
    const body = first.body.data!;
    expect(body.users).toHaveLength(10);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalUsers: 12,
      limit: 10,
      hasNext: true,
      hasPrev: false,
    });
    expect(body.users[0]!.referredByCode).toBe(parent.user.referralCode);
    expect(body.users[0]!.referredBy).toEqual({ userId: expect.stringMatching(/^CT\d+$/) });
    expect(body.users.every((u) => u.email !== 'admin@example.com')).toBe(true);
    expect(body.stats).toEqual({
      totalUsers: 12,
      activeUsers: 12,
      lockedUsers: 0,
      disabledUsers: 0,
      verifiedUsers: 12,
      unverifiedUsers: 0,
      onboardingCompleted: 1,
      subscriptionPaid: 1,
    });
    const second = await list('?page=2&limit=10');
    expect(second.body.data!.users).toHaveLength(2);
    expect(second.body.data!.pagination).toMatchObject({
      currentPage: 2,
      hasNext: false,
      hasPrev: true,
    });
    const ids = new Set([...body.users, ...second.body.data!.users].map((u) => u._id));
    expect(ids.size).toBe(12);
  });

  it('writes subscription, join, last login and money as the database holds them, on both statements', async () => {
    const paid = await signedInMember(t, { firstName: 'Rowvalues', lastName: 'Paid' });
    const unpaid = await signedInMember(t, { firstName: 'Rowvalues', lastName: 'Unpaid' });
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '1 day', last_login_at = '2026-11-27 09:30:00.1234+00'
           where id = ${paid.user._id}`,
    );
    await t.database.db.execute(
      sql`update users set paid_until = now() - interval '1 second', last_login_at = null
           where id = ${unpaid.user._id}`,
    );
    // When each joined, as PostgreSQL itself writes it in the API's form.
    const joined = await rowsOf<{ id: string; iso: string }>(
      t.database.db,
      sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso
            from users where id in (${paid.user._id}, ${unpaid.user._id})`,
    );
    const joinedAt = (id: string) => joined.find((row) => row.id === id)!.iso;
    await t.database.db.execute(
      sql`insert into balances (user_id, available_micro, total_earned_micro)
          values (${paid.user._id}, 1500000, 2250000)
          on conflict (user_id) do update set available_micro = 1500000, total_earned_micro = 2250000`,
    );
    // Newest first: the unpaid member signed up last.
    const expected = [
      {
        email: unpaid.email,
        subscriptionFee: { paid: false },
        createdAt: joinedAt(unpaid.user._id),
        lastLogin: null,
        totalRewards: 0,
        balance: 0,
      },
      {
        email: paid.email,
        subscriptionFee: { paid: true },
        createdAt: joinedAt(paid.user._id),
        lastLogin: '2026-11-27T09:30:00.123Z',
        totalRewards: 2.25,
        balance: 1.5,
      },
    ];
    // Newest first is the prepared statement; a search is built by the query builder.
    const newest = (await list('?page=1&limit=2&sort=-createdAt')).body.data!.users;
    const searched = (await list('?search=rowvalues&sort=-createdAt')).body.data!.users;
    for (const users of [newest, searched]) {
      expect(users).toMatchObject(expected);
    }
  });

  it('counts a registration, a verification and a change by another instance at once', async () => {
    const before = (await list()).body.data!;
    const registered = await register(t);
    const afterRegistration = (await list()).body.data!;
    expect(afterRegistration.pagination.totalUsers).toBe(before.pagination.totalUsers + 1);
    expect(afterRegistration.stats['totalUsers']).toBe(before.stats['totalUsers']! + 1);
    expect(afterRegistration.stats['unverifiedUsers']).toBe(before.stats['unverifiedUsers']! + 1);
    expect(afterRegistration.users.map((u) => u.email)).toContain(registered.email);

    // A write this process never saw (another instance, a script) is counted too.
    await t.database.db.execute(
      sql`update users set is_email_verified = true, status = 'LOCKED' where email = ${registered.email}`,
    );
    const afterOutsideChange = (await list()).body.data!;
    expect(afterOutsideChange.stats['unverifiedUsers']).toBe(before.stats['unverifiedUsers']);
    expect(afterOutsideChange.stats['lockedUsers']).toBe(before.stats['lockedUsers']! + 1);
    expect((await list('?status=LOCKED')).body.data!.pagination.totalUsers).toBe(
      before.stats['lockedUsers']! + 1,
    );
  });

  it('counts once for requests that find the counters stale together, and each sees the change', async () => {
    await list();
    const scans = vi.spyOn(adminQueries, 'memberCounters');
    try {
      const registered = await register(t);
      const answers = await Promise.all(Array.from({ length: 12 }, () => list()));
      const totals = answers.map((a) => a.body.data!.stats['totalUsers']);
      const [first] = totals;
      expect(totals).toEqual(totals.map(() => first));
      for (const answer of answers) {
        expect(answer.body.data!.users.map((u) => u.email)).toContain(registered.email);
      }
      expect(scans.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(scans.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      scans.mockRestore();
    }
  });

  it('never answers a request with a count issued before it began', async () => {
    await list();
    const original = adminQueries.memberCounters;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first count after the change runs at once, then is held before it answers.
    const scans = vi.spyOn(adminQueries, 'memberCounters').mockImplementationOnce(async (db) => {
      const counted = await original(db);
      await gate;
      return counted;
    });
    try {
      await register(t);
      const early = list();
      await vi.waitFor(() => expect(scans).toHaveBeenCalledTimes(1));
      const before = await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where not is_admin and not is_root`,
      );
      const late = await register(t);
      // The held count answers once the next request has issued its own (or after 2 s, so that
      // a request joining the held count fails here instead of waiting for it forever).
      const secondCount = () => {
        if (scans.mock.calls.length < 2) throw new Error('no second count yet');
      };
      void vi
        .waitFor(secondCount, { timeout: 2_000 })
        .catch(() => undefined)
        .finally(release);
      // Began after the held count was issued, and after a registration it cannot have seen.
      const answer = (await list()).body.data!;
      expect(answer.stats['totalUsers']).toBe(before[0]!.n + 1);
      expect(answer.users.map((u) => u.email)).toContain(late.email);
      expect((await early).body.data!.stats['totalUsers']).toBe(before[0]!.n);
    } finally {
      release();
      scans.mockRestore();
    }
  });

  it('counts a subscription that lapses as unpaid once its moment has passed', async () => {
    const member = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '1 second' where id = ${member.user._id}`,
    );
    const paid = (await list()).body.data!.stats['subscriptionPaid']!;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await list()).body.data!.stats['subscriptionPaid']).toBe(paid - 1);
  });

  it('searches names, emails, user IDs and codes, treating wildcards literally', async () => {
    await signedInMember(t, { firstName: 'Zelda', lastName: 'Quixote' });
    expect((await list('?search=zelda%20quix')).body.data!.users.map((u) => u.email)).toHaveLength(
      1,
    );
    expect((await list('?search=%25')).body.data!.users).toHaveLength(0);
    expect((await list('?search=nobody-matches-this')).body.data!.pagination).toMatchObject({
      totalUsers: 0,
      totalPages: 0,
    });
  });

  it('refuses a bad sort or page: VALIDATION_ERROR', async () => {
    expect((await list('?sort=password')).body.errorCode).toBe('VALIDATION_ERROR');
    expect((await list('?page=0')).body.errorCode).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/users/admin/{id}', () => {
  it('answers the member with referral and subscription information', async () => {
    const parent = await signedInMember(t, { firstName: 'Detail', lastName: 'Parent' });
    const child = await signedInMember(t, { referredByCode: parent.user.referralCode });
    await signedInMember(t, { referredByCode: child.user.referralCode });
    await t.database.db.execute(
      sql`update users set paid_until = now() + interval '5 days', subscription_paid_at = now() where id = ${parent.user._id}`,
    );
    const answer = await call<Record<string, unknown>>(
      t.app,
      'GET',
      `/api/users/admin/${parent.user._id}?includeRewards=true&includeWithdrawals=true&rewardsPage=1&rewardsLimit=10`,
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      _id: parent.user._id,
      firstName: 'Detail',
      referralStats: { totalReferrals: 2, directReferrals: 1 },
      referredBy: { firstName: 'Network', lastName: 'Root' },
      subscriptionFee: { hasPaid: true, amount: 10, timestamp: expect.any(String) },
      subscriptionPayments: [],
      // The deployment's own explorer (mainnet or testnet), never a fixed one.
      explorerUrl: t.services.peers.explorerUrl,
      rewards: { data: [], pagination: { currentPage: 1, limit: 10 } },
      withdrawals: { data: [], statistics: { total: 0 } },
    });
  });

  it('applies the reward type and withdrawal status filters of the tabs, paging what matches', async () => {
    const member = await signedInMember(t);
    const source = await signedInMember(t);
    for (const level of [1, 2])
      await t.database.db.execute(sql`insert into rewards
          (user_id, source_user_id, type, level, reward_micro, master_micro, percent_bp, cycle_id, bucket)
        values (${member.user._id}, ${source.user._id}, 'DOWNLINE', ${level}, 1000000, 10000000, 1000,
                gen_random_uuid(), 'AVAILABLE')`);
    for (const status of ['REJECTED', 'REJECTED', 'APPROVED'])
      await t.database.db
        .execute(sql`insert into withdrawals (user_id, amount_micro, wallet_address, status)
        values (${member.user._id}, 5000000, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', ${status})`);
    const detail = async (query: string) =>
      (
        await call<{
          rewards: { data: { type: string }[] };
          withdrawals: { data: { status: string }[]; pagination: { totalRecords: number } };
        }>(
          t.app,
          'GET',
          `/api/users/admin/${member.user._id}?includeRewards=true&includeWithdrawals=true&${query}`,
          { token: admin.token },
        )
      ).body.data!;

    expect((await detail('')).rewards.data).toHaveLength(2);
    expect((await detail('rewardType=DIRECT')).rewards.data).toHaveLength(0);
    expect((await detail('rewardType=DOWNLINE')).rewards.data.map((r) => r.type)).toEqual([
      'DOWNLINE',
      'DOWNLINE',
    ]);
    const rejected = (await detail('withdrawalStatus=REJECTED&withdrawalsLimit=1')).withdrawals;
    expect(rejected.data.map((w) => w.status)).toEqual(['REJECTED']);
    expect(rejected.pagination.totalRecords).toBe(2);
    expect((await detail('withdrawalStatus=PENDING')).withdrawals.data).toHaveLength(0);
  });

  it('answers USER_NOT_FOUND for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await call(t.app, 'GET', `/api/users/admin/${id}`, { token: admin.token });
      expect(answer.status).toBe(404);
      expect(answer.body.errorCode).toBe('USER_NOT_FOUND');
    }
  });
});

describe('PUT /api/users/{id}/status', () => {
  const setStatus = (id: string, status: string) =>
    call<{ status: string }>(t.app, 'PUT', `/api/users/${id}/status`, {
      token: admin.token,
      body: { status },
    });

  it('locks a member, which ends their sessions and refuses their sign-in, and reactivates them', async () => {
    const member = await signedInMember(t);
    const answer = await setStatus(member.user._id, 'LOCKED');
    expect(answer.body).toMatchObject({
      success: true,
      message: 'USER_STATUS_UPDATED',
      data: { status: 'LOCKED' },
    });
    expect((await call(t.app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(
      401,
    );
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email: member.email, password: member.password },
      ip: nextIp(),
    });
    expect(login.body.errorCode).toBe('ACCOUNT_LOCKED');
    expect((await setStatus(member.user._id, 'ACTIVE')).body.data!.status).toBe('ACTIVE');
    // The old session stays ended; a new sign-in works.
    expect((await call(t.app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(
      401,
    );
    const again = await call(t.app, 'POST', '/api/users/login', {
      body: { email: member.email, password: member.password },
      ip: nextIp(),
    });
    expect(again.status).toBe(200);
  });

  it('refuses an unknown status: INVALID_STATUS, and administrators as targets', async () => {
    const member = await signedInMember(t);
    const bad = await setStatus(member.user._id, 'BANNED');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'INVALID_STATUS',
      error: 'Invalid account status.',
    });
    const adminUser = await t.services.auth.findByEmail('admin@example.com');
    expect((await setStatus(adminUser!.id, 'LOCKED')).body.errorCode).toBe('FORBIDDEN');
  });
});

describe('DELETE /api/users/admin/{id}', () => {
  it('anonymises and disables the member but keeps the row and its place in the network', async () => {
    const parent = await signedInMember(t);
    const child = await signedInMember(t, { referredByCode: parent.user.referralCode });
    const answer = await call(t.app, 'DELETE', `/api/users/admin/${parent.user._id}`, {
      token: admin.token,
    });
    expect(answer.body).toMatchObject({ success: true, message: 'USER_DELETED' });
    const detail = await call<Record<string, unknown>>(
      t.app,
      'GET',
      `/api/users/admin/${parent.user._id}`,
      { token: admin.token },
    );
    expect(detail.body.data).toMatchObject({
      firstName: 'Deleted',
      lastName: 'Member',
      status: 'DISABLED',
      email: expect.stringMatching(/@deleted\.invalid$/),
      referralStats: { totalReferrals: 1 },
    });
    expect((await call(t.app, 'GET', '/api/users/profile', { token: parent.token })).status).toBe(
      401,
    );
    const childDetail = await call<{ referredBy: { _id: string } }>(
      t.app,
      'GET',
      `/api/users/admin/${child.user._id}`,
      { token: admin.token },
    );
    expect(childDetail.body.data!.referredBy._id).toBe(parent.user._id);
    // The address can register again as a new person.
    expect(
      (
        await call(t.app, 'POST', '/api/users/login', {
          body: { email: parent.email, password: parent.password },
          ip: nextIp(),
        })
      ).body.errorCode,
    ).toBe('INVALID_CREDENTIALS');
  });
});

describe('GET /api/users/admin/overall-stats', () => {
  it('answers the dashboard statistics with recent members', async () => {
    const newest = await signedInMember(t, { firstName: 'Newest' });
    const answer = await call<{
      users: { totalUsers: number; newUsersToday: number };
      recentJoinedUsers: { _id: string; name: string }[];
    }>(t.app, 'GET', '/api/users/admin/overall-stats', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.users.newUsersToday).toBe(answer.body.data!.users.totalUsers);
    expect(answer.body.data!.recentJoinedUsers[0]).toMatchObject({
      _id: newest.user._id,
      name: 'Newest Lovelace',
    });
    expect(answer.body.data!.recentJoinedUsers.length).toBeLessThanOrEqual(5);
  });
});
