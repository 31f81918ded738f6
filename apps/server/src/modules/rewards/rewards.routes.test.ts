import type { CycleDetail } from '@ctn/contracts/cycles';
import type {
  AdminRewardsResponse,
  MemberRewardsResponse,
  RewardStats,
} from '@ctn/contracts/rewards';
import type { RewardSettings } from '@ctn/contracts/settings';
import { DEFAULT_REWARD_SETTINGS } from '@ctn/contracts/settings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail } from '../../lib/privacy';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

const USDT_WEI = 10n ** 18n;

let t: TestApp;
let admin: { token: string };
type Member = Awaited<ReturnType<typeof signedInMember>> & { id: string; number: string };
/** A <- B <- C <- D: A at the top (below the root), D at the bottom. C's subscription lapsed. */
let a: Member, b: Member, c: Member, d: Member;

async function member(referredByCode: string, uid: string, paid: boolean): Promise<Member> {
  const m = await signedInMember(t, { referredByCode });
  const [row] = await rowsOf<{ id: string; number: string }>(
    t.database.db,
    sql`update users set bingx_uid = ${uid},
               paid_until = ${paid ? sql`now() + interval '20 days'` : sql`now() - interval '1 day'`}
         where email = ${m.email} returning id, user_id as number`,
  );
  return { ...m, id: row!.id, number: row!.number };
}

const rewardsOf = async (userId: string) =>
  rowsOf<{ type: string; level: number; micro: string; bucket: string }>(
    t.database.db,
    sql`select type, level, reward_micro::text as micro, bucket from rewards
         where user_id = ${userId} order by type, level`,
  );

async function pay(m: Member, usdt: bigint) {
  const [row] = await rowsOf<{ address: string }>(
    t.database.db,
    sql`select wallet_address as address from users where id = ${m.id}`,
  );
  const chain = t.services.peers.simulatedChain!;
  chain.transfer(row!.address, usdt * USDT_WEI);
  chain.mine(3);
  await t.services.subscriptions.scan();
}

async function prepareCsv(csv: string, period = { start: '2026-11-01', end: '2026-11-07' }) {
  return call<CycleDetail>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
    token: admin.token,
    body: { source: 'CSV', periodStart: period.start, periodEnd: period.end, csv },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.subscriptions.scan();
  admin = await signedInAdmin(t);
  a = await member(t.rootCode, '9100001', true);
  b = await member(a.user.referralCode, '9100002', true);
  c = await member(b.user.referralCode, '9100003', false);
  d = await member(c.user.referralCode, '9100004', true);
}, 60_000);
afterAll(() => t.close());

describe('DIRECT rewards on a credited payment', () => {
  it("pays the payer's three uplines 20%, 10% and 5% of the fee, once", async () => {
    await pay(d, 10n);
    expect(await rewardsOf(c.id)).toEqual([
      { type: 'DIRECT', level: 1, micro: '2000000', bucket: 'LOCKED' },
    ]);
    expect(await rewardsOf(b.id)).toEqual([
      { type: 'DIRECT', level: 2, micro: '1000000', bucket: 'AVAILABLE' },
    ]);
    expect(await rewardsOf(a.id)).toEqual([
      { type: 'DIRECT', level: 3, micro: '500000', bucket: 'AVAILABLE' },
    ]);
    // The same chain seen again, and a refresh by the member: nothing moves twice.
    await t.services.subscriptions.scan();
    await call(t.app, 'GET', '/api/users/refresh-subscription', { token: d.token });
    expect(await rewardsOf(b.id)).toHaveLength(1);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('pays nothing for a partial payment, and the fee of every period a payment buys', async () => {
    const before = await rewardsOf(b.id);
    await pay(d, 5n);
    expect(await rewardsOf(b.id)).toEqual(before);
    await pay(d, 25n); // 5 + 25 = three periods
    const after = await rewardsOf(b.id);
    expect(after.at(-1)).toEqual({
      type: 'DIRECT',
      level: 2,
      micro: '3000000',
      bucket: 'AVAILABLE',
    });
  });
});

describe('DOWNLINE cycles from a CSV', () => {
  let cycle: CycleDetail;

  it('previews line by line: matched, unknown UIDs, errors and the payout by level', async () => {
    const answer = await prepareCsv(
      'uid,amount\n9100004,100\n99999999,5\nabc,1\n9100004,3\n9100002,0.000001\n',
    );
    expect(answer.status).toBe(200);
    cycle = answer.body.data!;
    expect(cycle.status).toBe('DRAFT');
    expect(cycle.number).toBeNull();
    expect(cycle.preview).toMatchObject({
      linesRead: 5,
      matchedMembers: 2,
      unknownUids: ['99999999'],
      unknownCount: 1,
      errorCount: 2,
      totalMasterAmount: 100.000001,
      totalPayout: 6.5,
    });
    expect(cycle.preview.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(cycle.preview.errors[1]!.message).toContain('appears again (first on line 2)');
    expect(cycle.preview.payoutByLevel).toEqual([
      { level: 1, percent: 3, lines: 1, amount: 3 },
      { level: 2, percent: 2, lines: 1, amount: 2 },
      { level: 3, percent: 1.5, lines: 1, amount: 1.5 },
    ]);
    expect(cycle.preview.recipients).toEqual({ available: 2, locked: 1, skipped: 1 });
  });

  it('runs once: the statement explains every line, and running again credits nothing', async () => {
    const run = await call<CycleDetail>(
      t.app,
      'POST',
      `/api/rewards/admin/cycles/${cycle._id}/run`,
      { token: admin.token, body: {} },
    );
    await t.services.cycles.settled();
    const done = (
      await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${cycle._id}`, {
        token: admin.token,
      })
    ).body.data!;
    expect(run.status).toBe(200);
    expect(done.status).toBe('COMPLETED');
    expect(done.number).toBeGreaterThanOrEqual(1);
    expect(done.totalPaid).toBe(6.5);
    expect(done.rewardLines).toBe(3);
    expect(done.statement).toMatchObject({
      recipients: { credited: 3, available: 2, locked: 1 },
      locked: [{ reason: 'SUBSCRIPTION_LAPSED', members: 1, amount: 3 }],
    });
    expect(done.statement!.skipped).toEqual(
      expect.arrayContaining([
        { reason: 'PLATFORM_ACCOUNT', members: 1, lines: 2 },
        { reason: 'BELOW_ONE_MICRO', members: 1, lines: 1 },
      ]),
    );
    const lines = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from rewards where cycle_id = ${cycle._id}`,
        )
      )[0]!.n;
    expect(await lines()).toBe(3);
    await call(t.app, 'POST', `/api/rewards/admin/cycles/${cycle._id}/run`, {
      token: admin.token,
      body: {},
    });
    await t.services.cycles.settled();
    expect(await lines()).toBe(3);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('refuses a bad request and keeps drafts discardable, not completed cycles', async () => {
    const bad = await call(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
      token: admin.token,
      body: { source: 'CSV', periodStart: '2026-11-07', periodEnd: '2026-11-01', csv: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_ERROR');
    // The completed cycle's days are paid: a new draft is for the next week.
    const draft = (await prepareCsv('9100004,1', { start: '2026-11-08', end: '2026-11-14' })).body
      .data!;
    expect(
      (
        await call(t.app, 'DELETE', `/api/rewards/admin/cycles/${draft._id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const gone = await call(t.app, 'DELETE', `/api/rewards/admin/cycles/${cycle._id}`, {
      token: admin.token,
    });
    expect(gone.status).toBe(400);
    const asMember = await call(t.app, 'GET', '/api/rewards/admin/cycles', { token: d.token });
    expect(asMember.status).toBe(403);
  });
});

describe('reward APIs', () => {
  it('gives a member their own statement of a completed cycle, by level', async () => {
    const [cycle] = await rowsOf<{ number: number }>(
      t.database.db,
      sql`select number from reward_cycles where status = 'COMPLETED' order by number limit 1`,
    );
    const statement = (token: string, number: number | string) =>
      call<{
        number: number;
        percents: number[];
        levels: { level: number; lines: number; base: number; amount: number; locked: number }[];
        total: number;
        available: number;
        locked: number;
      }>(t.app, 'GET', `/api/rewards/user/cycles/${number}`, { token });
    const ofB = (await statement(b.token, cycle!.number)).body.data!;
    expect(ofB).toMatchObject({
      number: cycle!.number,
      levels: [{ level: 2, lines: 1, base: 100, amount: 2, locked: 0 }],
      total: 2,
      available: 2,
      locked: 0,
    });
    expect(ofB.percents.length).toBeGreaterThan(1);
    // C's share was held: the statement says how much.
    expect((await statement(c.token, cycle!.number)).body.data).toMatchObject({
      levels: [{ level: 1, amount: 3, locked: 3 }],
      available: 0,
      locked: 3,
    });
    expect((await statement(b.token, 999_999)).body.errorCode).toBe('NOT_FOUND');
    expect((await statement(b.token, 'x')).status).toBe(400);
  });

  it('announces a completed cycle once to each credited member who wants it', async () => {
    const prefs = (token: string, body?: { cycleCredited: boolean }) =>
      call<{ cycleCredited: boolean }>(t.app, body ? 'PUT' : 'GET', '/api/users/notifications', {
        token,
        ...(body ? { body } : {}),
      });
    expect((await prefs(a.token)).body.data).toEqual({ cycleCredited: true });
    expect((await prefs(a.token, { cycleCredited: false })).body.data).toEqual({
      cycleCredited: false,
    });
    expect((await prefs(a.token)).body.data).toEqual({ cycleCredited: false });
    expect((await call(t.app, 'GET', '/api/users/notifications')).status).toBe(401);

    const queued = await t.services.cycles.mailMembers();
    const mails = await t.services.mail.listMailbox();
    const cycleMail = (m: Member) =>
      mails.filter((x) => x.toAddress === m.email && /^Reward cycle #\d+:/.test(x.subject));
    expect(cycleMail(b)).toHaveLength(1);
    expect(cycleMail(b)[0]!.subject).toMatch(/: 2\.00 USDT credited$/);
    // The mail leads to the member's own statement of that cycle.
    const number = cycleMail(b)[0]!.subject.match(/^Reward cycle #(\d+):/)![1];
    expect(cycleMail(b)[0]!.textBody).toContain(`http://app.test/rewards/cycles/${number}`);
    // C's lines went to the locked bucket: the mail says so.
    expect(cycleMail(c)[0]!.textBody).toContain(
      '3.00 USDT of it is held while your earnings are locked',
    );
    // A was credited too, but switched them off.
    expect((await rewardsOf(a.id)).some((r) => r.type === 'DOWNLINE')).toBe(true);
    expect(cycleMail(a)).toEqual([]);
    expect(queued).toBeGreaterThanOrEqual(2);
    // Once per cycle, whoever runs the job next.
    expect(await t.services.cycles.mailMembers()).toBeNull();
  });

  it("answers a member's own stats, refuses another member's, and lets an admin read any", async () => {
    const own = await call<RewardStats>(t.app, 'GET', `/api/rewards/stats/${b.number}`, {
      token: b.token,
    });
    expect(own.status).toBe(200);
    // B: DIRECT 1 + 3 (level 2) and DOWNLINE 2 (level 2 of the cycle).
    expect(own.body.data).toMatchObject({
      currentBalance: 6,
      totalRewards: 6,
      totalWithdrawn: 0,
      rewardBreakdown: { directRewards: 4, downlineRewards: 2, calculatedTotal: 6 },
      lockedBalance: 0,
      compliance: { locked: false, reasons: [] },
    });
    expect(own.body.data!.earningsOverTime.at(-1)).toMatchObject({ direct: 4, downline: 2 });
    const locked = await call<RewardStats>(t.app, 'GET', `/api/rewards/stats/${c.number}`, {
      token: c.token,
    });
    expect(locked.body.data).toMatchObject({
      currentBalance: 0,
      lockedBalance: 11, // DIRECT 2 + 6 and DOWNLINE 3, held while the subscription is lapsed
      compliance: { locked: true, reasons: ['SUBSCRIPTION_LAPSED'] },
    });
    const other = await call(t.app, 'GET', `/api/rewards/stats/${b.number}`, { token: d.token });
    expect(other.status).toBe(403);
    const asAdmin = await call(t.app, 'GET', `/api/rewards/stats/${b.number}`, {
      token: admin.token,
    });
    expect(asAdmin.status).toBe(200);
    const unknown = await call(t.app, 'GET', '/api/rewards/stats/CT9999999', {
      token: admin.token,
    });
    expect(unknown.body.errorCode).toBe('USER_NOT_FOUND');
  });

  it("lists the caller's rewards with type, level, sort and the spec's pagination", async () => {
    const list = (q: string) =>
      call<MemberRewardsResponse>(t.app, 'GET', `/api/rewards/user${q}`, { token: b.token });
    const all = (await list('?page=1&limit=2&sort=-rewardAmount')).body.data!;
    expect(all.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalRecords: 3,
      limit: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(all.rewards.map((r) => r.rewardAmount)).toEqual([3, 2]);
    const direct = all.rewards.find((r) => r.type === 'DIRECT')!;
    expect(direct).not.toHaveProperty('downlineUser');
    expect(direct).toMatchObject({ percent: 10, masterAmount: 30, level: 2, cycle: null });
    // Its source: the payment, its payer named as "First L." and when it was credited, the
    // same through the prepared default page.
    expect(direct.payment).toEqual({
      payer: expect.stringMatching(/^\S+ [A-Z]\.$/),
      userId: expect.stringMatching(/^CT\d+$/),
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const newest = (await list('?page=1&limit=10')).body.data!;
    expect(newest.rewards.find((r) => r._id === direct._id)!.payment).toEqual(direct.payment);
    // Each line's moments as PostgreSQL itself writes them in the API's form, on both statements.
    const moments = await rowsOf<{ id: string; createdAt: string; paidAt: string | null }>(
      t.database.db,
      sql`select r.id,
                 to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                 to_char(p.credited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt"
            from rewards r left join subscription_payments p on p.id = r.payment_id
           where r.user_id = (select id from users where user_id = ${b.number})`,
    );
    const written = (rewards: MemberRewardsResponse['rewards']) =>
      rewards.map((r) => ({
        id: r._id,
        createdAt: r.createdAt,
        paidAt: r.payment?.paidAt ?? null,
      }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(moments).toHaveLength(3);
    expect(moments.filter((m) => m.paidAt !== null).length).toBeGreaterThan(0);
    for (const answer of [newest, (await list('?page=1&limit=10&sort=createdAt')).body.data!]) {
      expect(written(answer.rewards).sort(byId)).toEqual([...moments].sort(byId));
    }
    const downline = (await list('?type=DOWNLINE&level=2')).body.data!;
    expect(downline.rewards).toHaveLength(1);
    expect(downline.rewards[0]).toMatchObject({
      type: 'DOWNLINE',
      percent: 2,
      masterAmount: 100,
      // Level 2: the email is masked for the member.
      downlineUser: { userId: d.number, email: maskEmail(d.email) },
    });
    expect(downline.rewards[0]!.downlineUser!.email).not.toBe(d.email);
    const bad = await list('?level=16');
    expect(bad.status).toBe(400);
  });

  it('gives administrators every line with the statistics of the same filters', async () => {
    const all = (
      await call<AdminRewardsResponse>(t.app, 'GET', '/api/rewards/admin/all', {
        token: admin.token,
      })
    ).body.data!;
    expect(all.statistics).toMatchObject({
      total: 9,
      directRewardsCount: 6,
      downlineRewardsCount: 3,
      totalDirectRewards: 3.5 + 10.5,
      totalDownlineRewards: 6.5,
      maxRewardAmount: 6,
      minRewardAmount: 0.5,
    });
    const searched = (
      await call<AdminRewardsResponse>(
        t.app,
        'GET',
        `/api/rewards/admin/all?search=${encodeURIComponent(a.email)}&type=DOWNLINE`,
        { token: admin.token },
      )
    ).body.data!;
    expect(searched.rewards).toHaveLength(1);
    expect(searched.rewards[0]!.rewardUser.email).toBe(a.email);
    expect(searched.rewards[0]!.downlineUser?.email).toBe(d.email);
    const member = await call(t.app, 'GET', '/api/rewards/admin/all', { token: a.token });
    expect(member.status).toBe(403);
  });
});

describe('money on the admin pages', () => {
  it('shows balances, earnings, the rewards tab and the distributed total from the ledger', async () => {
    const detail = await call<{
      totalRewards: number;
      balance: number;
      rewards: { statistics: { total: number; totalRewardAmount: number }; data: unknown[] };
    }>(t.app, 'GET', `/api/users/admin/${b.id}?rewardsLimit=2`, { token: admin.token });
    expect(detail.body.data).toMatchObject({
      totalRewards: 6,
      balance: 6,
      rewards: { statistics: { total: 3, totalRewardAmount: 6 } },
    });
    expect(detail.body.data!.rewards.data).toHaveLength(2);
    const list = await call<{ users: { balance: number; totalRewards: number }[] }>(
      t.app,
      'GET',
      `/api/users/admin/all?search=${encodeURIComponent(b.email)}`,
      { token: admin.token },
    );
    expect(list.body.data!.users[0]).toMatchObject({ balance: 6, totalRewards: 6 });
    const overall = await call<{ rewards: { totalDistributed: number } }>(
      t.app,
      'GET',
      '/api/users/admin/overall-stats',
      { token: admin.token },
    );
    expect(overall.body.data!.rewards.totalDistributed).toBe(3.5 + 10.5 + 6.5);
    expect(await t.services.rewards.verifyAgainstLedger()).toEqual([]);
  });
});

describe('reward settings take effect', () => {
  const put = (body: unknown, token = admin.token) =>
    call<RewardSettings>(t.app, 'PUT', '/api/admin/settings/rewards', { token, body });

  it('refuses invalid schedules with the reason, and members altogether', async () => {
    const tooMuch = await put({ ...DEFAULT_REWARD_SETTINGS, directPercents: [60, 50] });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('add up to more than 100');
    const decimals = await put({ ...DEFAULT_REWARD_SETTINGS, directPercents: [20.123] });
    expect(decimals.status).toBe(400);
    expect((await put(DEFAULT_REWARD_SETTINGS, a.token)).status).toBe(403);
  });

  it('uses a saved DIRECT schedule and fee for the next payment, and audits the change', async () => {
    const saved = await put({
      ...DEFAULT_REWARD_SETTINGS,
      subscriptionFee: 20,
      directPercents: [50],
    });
    expect(saved.status).toBe(200);
    const before = (await rewardsOf(b.id)).length;
    await pay(c, 10n); // half the new fee: credit only
    expect(await rewardsOf(b.id)).toHaveLength(before);
    await pay(c, 10n); // the fee is complete: B is C's level 1 at 50% of 20
    expect(await rewardsOf(b.id)).toContainEqual({
      type: 'DIRECT',
      level: 1,
      micro: '10000000',
      bucket: 'AVAILABLE',
    });
    const [audit] = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where action = 'SETTINGS_UPDATED'`,
    );
    expect(audit?.action).toBe('SETTINGS_UPDATED');
    await put(DEFAULT_REWARD_SETTINGS);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });
});
