import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInMember, type TestApp } from '../../../test/test-app';
import { buildNetwork, referralCalls, SMALL, type BuiltNetwork } from './referrals.fixtures';
import { ReferralsService } from './referrals.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { history } = referralCalls(() => t);

describe('GET /api/users/referrals/history', () => {
  let net: BuiltNetwork;
  beforeAll(async () => {
    net = await buildNetwork(t, SMALL);
  });

  it("answers the spec's shape with newest members first", async () => {
    const answer = await history(net.viewer.token);
    expect(answer.status).toBe(200);
    const data = answer.body.data!;
    expect(data.referralCode).toBe(net.viewer.referralCode);
    expect(data.statistics).toEqual({
      totalReferrals: 4,
      activeReferrals: 2,
      bingxLinked: 2,
      paidSubscriptions: 2,
    });
    expect(data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalRecords: 4,
      limit: 10,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(data.referrals.map((r) => r.firstName)).toEqual(['Dan', 'Carol', 'Bob', 'Alice']);
    // Members beyond level 1 are shown with a masked email.
    for (const r of data.referrals.filter((x) => x.level > 1)) {
      expect(r.email).toMatch(/^\w\*\*\*\w?@example\.com$/);
      expect(net.members.map((m) => m.email)).not.toContain(r.email);
    }
    expect(data.referrals.some((r) => r.level > 1)).toBe(true);
    expect(data.referrals[3]).toEqual({
      _id: net.members[0]!.id,
      firstName: 'Alice',
      lastName: 'Anders',
      name: 'Alice Anders',
      email: net.members[0]!.email,
      level: 1,
      status: 'ACTIVE',
      subscriptionPaid: true,
      subscriptionTimestamp: '2025-01-01T00:00:00.000Z',
      bingxLinked: true,
      joinedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(data.referrals[0]).toMatchObject({ status: 'DISABLED', level: 1, bingxLinked: false });
  });

  it('pages, and filters by level, status and maxLevel without changing the statistics', async () => {
    const page2 = (await history(net.viewer.token, '?page=2&limit=3')).body.data!;
    expect(page2.referrals.map((r) => r.firstName)).toEqual(['Alice']);
    expect(page2.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalRecords: 4,
      limit: 3,
      hasNextPage: false,
      hasPrevPage: true,
    });
    const level1 = (await history(net.viewer.token, '?level=1')).body.data!;
    expect(level1.referrals.map((r) => r.firstName)).toEqual(['Dan', 'Alice']);
    expect(level1.pagination.totalRecords).toBe(2);
    expect(level1.statistics.totalReferrals).toBe(4);
    const locked = (await history(net.viewer.token, '?status=LOCKED')).body.data!;
    expect(locked.referrals.map((r) => r.firstName)).toEqual(['Bob']);
    const shallow = (await history(net.viewer.token, '?maxLevel=2')).body.data!;
    expect(shallow.statistics.totalReferrals).toBe(3);
    expect(shallow.referrals.map((r) => r.firstName)).toEqual(['Dan', 'Bob', 'Alice']);
    const outside = (await history(net.viewer.token, '?maxLevel=2&level=3')).body.data!;
    expect(outside.referrals).toEqual([]);
    expect(outside.pagination).toMatchObject({ totalRecords: 0, totalPages: 0 });
    const blank = await history(net.viewer.token, '?level=&status=');
    expect(blank.body.data!.pagination.totalRecords).toBe(4);
    const beyond = (await history(net.viewer.token, '?page=9')).body.data!;
    expect(beyond.referrals).toEqual([]);
    expect(beyond.pagination).toMatchObject({
      currentPage: 9,
      hasPrevPage: true,
      hasNextPage: false,
    });
  });

  it('refuses malformed parameters with VALIDATION_ERROR', async () => {
    for (const query of [
      '?page=0',
      '?limit=0',
      '?limit=101',
      '?level=16',
      '?level=0',
      '?maxLevel=16',
      '?status=GONE',
      '?page=x',
    ]) {
      const answer = await history(net.viewer.token, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errorCode, query).toBe('VALIDATION_ERROR');
    }
  });

  it('follows changes of a member (status, exchange UID, payment) at once', async () => {
    const bob = net.members[1]!.id;
    const carol = net.members[2]!.id;
    await t.database.db.execute(sql`update users set status = 'ACTIVE' where id = ${bob}`);
    await t.database.db.execute(
      sql`update users set bingx_uid = null, paid_until = now() + interval '1 day' where id = ${carol}`,
    );
    // No request of ours committed these, so nothing waited for their notification: with
    // PostgreSQL this instance hears of them a loopback hop later (docs/decisions/019), as of
    // another instance's writes; on a loaded machine the read below could come first.
    await t.database.syncChanges();
    const data = (await history(net.viewer.token)).body.data!;
    expect(data.statistics).toEqual({
      totalReferrals: 4,
      activeReferrals: 3,
      bingxLinked: 1,
      paidSubscriptions: 3,
    });
    expect(data.referrals.find((r) => r._id === carol)).toMatchObject({
      status: 'ACTIVE',
      bingxLinked: false,
      subscriptionPaid: true,
    });
  });

  it('a real registration appears in the upline networks at once', async () => {
    const parent = await signedInMember(t);
    await signedInMember(t, { referredByCode: parent.user.referralCode, firstName: 'Newbie' });
    const data = (await history(parent.token)).body.data!;
    expect(data.referrals.map((r) => [r.firstName, r.level, r.status])).toEqual([
      ['Newbie', 1, 'ACTIVE'],
    ]);
    expect(data.statistics).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      bingxLinked: 0,
      paidSubscriptions: 0,
    });
  });
});

describe('statistics of large networks', () => {
  it('are kept for a short while from a size on, and always fresh below it', async () => {
    let clock = 1_000_000;
    const service = new ReferralsService(t.database.db, {
      cacheCountsFrom: 3,
      countsTtlMs: 30_000,
      now: () => clock,
    });
    const large = await buildNetwork(t, [{ parent: 0 }, { parent: 0 }, { parent: 1 }]);
    const small = await buildNetwork(t, [{ parent: 0 }]);
    const query = { page: 1, limit: 10, maxLevel: 15 };
    const total = async (viewerId: string) =>
      (await service.history(viewerId, query)).statistics.totalReferrals;
    expect(await total(large.viewer.id)).toBe(3);
    expect(await total(small.viewer.id)).toBe(1);
    const join = (referrerId: string) =>
      t.services.registration.createAccount({
        firstName: 'Late',
        lastName: 'Joiner',
        email: `late.${referrerId}.${clock}@example.com`,
        password: null,
        referrerId,
        emailVerified: true,
      });
    await join(large.viewer.id);
    await join(small.viewer.id);
    clock += 29_000;
    // The large network's figures are up to 30 s old; the list itself is always fresh.
    expect(await total(large.viewer.id)).toBe(3);
    expect((await service.history(large.viewer.id, query)).referrals).toHaveLength(4);
    expect(await total(small.viewer.id)).toBe(2);
    clock += 2_000;
    expect(await total(large.viewer.id)).toBe(4);
    // maxLevel filters the kept counts.
    expect(
      (await service.history(large.viewer.id, { ...query, maxLevel: 1 })).statistics.totalReferrals,
    ).toBe(3);
  });
});
