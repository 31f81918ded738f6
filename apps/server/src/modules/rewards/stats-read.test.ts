import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, signedInMember, type TestApp } from '../../../test/test-app';
import { memberStatsLookup } from './rewards.queries';

/**
 * The stats statement reads a member's ledger once: totals per kind over all time, and the
 * chart of what was earned in the last N days, per UTC day.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('member_reward_stats', () => {
  it('counts every credit in the totals and only the window in the chart', async () => {
    const m = await signedInMember(t);
    const [row] = await rowsOf<{ id: string; user_id: string }>(
      t.database.db,
      sql`select id, user_id from users where id = ${m.user._id}`,
    );
    const entry = (kind: string, micro: number, daysAgo: number, key: string) =>
      t.database.db.execute(sql`
        insert into ledger_entries (user_id, kind, source_key, available_delta, earned_delta, created_at)
        values (${row!.id}, ${kind}, ${key}, ${micro}, ${micro}, now() - make_interval(days => ${daysAgo}))`);
    await entry('REWARD_DIRECT', 1_000_000, 100, 'payment:old'); // before the window
    await entry('REWARD_DOWNLINE', 2_000_000, 100, 'cycle:old');
    await entry('REWARD_DIRECT', 3_000_000, 5, 'payment:a');
    await entry('REWARD_DIRECT', 4_000_000, 5, 'payment:b'); // same day: one point
    await entry('REWARD_DOWNLINE', 5_000_000, 1, 'cycle:a');
    await t.database.db.execute(sql`
      insert into ledger_entries (user_id, kind, source_key, available_delta, created_at)
      values (${row!.id}, 'WITHDRAWAL_HOLD', 'withdrawal:x', -1000000, now() - interval '2 days')`);

    const stats = await memberStatsLookup(t.database.db)(row!.user_id, 90);
    expect(stats).toMatchObject({ directMicro: '8000000', downlineMicro: '7000000' });
    expect(stats!.days).toEqual([
      { date: utcDay(5), directMicro: '7000000', downlineMicro: '0' },
      { date: utcDay(1), directMicro: '0', downlineMicro: '5000000' },
    ]);

    const none = await signedInMember(t);
    const [other] = await rowsOf<{ user_id: string }>(
      t.database.db,
      sql`select user_id from users where id = ${none.user._id}`,
    );
    expect(await memberStatsLookup(t.database.db)(other!.user_id, 90)).toMatchObject({
      directMicro: '0',
      downlineMicro: '0',
      days: [],
    });
  });
});

function utcDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
