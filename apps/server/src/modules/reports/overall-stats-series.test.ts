import type { OverallStats } from '@ctn/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';
import { daysAgo, insertPayment, insertWithdrawal } from './reports.fixtures';

/** The dashboard's charts (GET /api/users/admin/overall-stats `series`), next to the reports. */

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

describe('GET /api/users/admin/overall-stats series', () => {
  it('answers 30 UTC days, oldest first, with zeros filled in', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const old = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set created_at = ${daysAgo(3).toISOString()}::timestamptz where id = ${b.user._id}`,
    );
    await t.database.db.execute(
      sql`update users set created_at = ${daysAgo(40).toISOString()}::timestamptz where id = ${old.user._id}`,
    );
    const now = new Date();
    await insertPayment(t.database.db, a.user._id, 10, now);
    await insertPayment(t.database.db, b.user._id, 12.5, now);
    await insertPayment(t.database.db, b.user._id, 10, daysAgo(3));
    await insertPayment(t.database.db, b.user._id, 99, daysAgo(31));
    await insertWithdrawal(t.database.db, a.user._id, 5, {
      status: 'APPROVED',
      requestedAt: daysAgo(3),
      processedAt: daysAgo(2),
    });
    // Pending and rejected requests are not payouts.
    await insertWithdrawal(t.database.db, b.user._id, 7, {
      status: 'REJECTED',
      requestedAt: daysAgo(2),
      processedAt: daysAgo(2),
    });
    await insertWithdrawal(t.database.db, old.user._id, 8, {
      status: 'PENDING',
      requestedAt: daysAgo(2),
    });

    const answer = await call<OverallStats>(t.app, 'GET', '/api/users/admin/overall-stats', {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const { signups, payments, payouts } = answer.body.data!.series;
    for (const series of [signups, payments, payouts]) {
      expect(series).toHaveLength(30);
      expect(series[0]!.date).toBe(utcDay(daysAgo(29, now)));
      expect(series.at(-1)!.date).toBe(utcDay(now));
    }
    const on = <T extends { date: string }>(series: T[], days: number) =>
      series.find((p) => p.date === utcDay(daysAgo(days, now)));
    expect(on(signups, 0)).toMatchObject({ count: 1 });
    expect(on(signups, 3)).toMatchObject({ count: 1 });
    expect(signups.reduce((sum, p) => sum + p.count, 0)).toBe(2);
    expect(on(payments, 0)).toMatchObject({ amount: 22.5 });
    expect(on(payments, 3)).toMatchObject({ amount: 10 });
    expect(payments.reduce((sum, p) => sum + p.amount, 0)).toBe(32.5);
    expect(on(payouts, 2)).toMatchObject({ amount: 5 });
    expect(payouts.filter((p) => p.amount > 0)).toHaveLength(1);
    expect(on(payouts, 10)).toEqual({ date: utcDay(daysAgo(10, now)), amount: 0 });
  });
});
