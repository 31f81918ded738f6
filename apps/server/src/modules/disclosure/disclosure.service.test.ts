import type { EarningsDisclosure } from '@ctn/contracts/site';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, type TestApp } from '../../../test/test-app';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(isAdmin = false): Promise<string> {
  sequence += 1;
  const [row] = await rowsOf<{ id: string }>(
    t.database.db,
    sql`insert into users (first_name, last_name, email, referral_code, is_admin)
        values ('Disclosed', 'Member', ${`disclosed${sequence}@example.com`},
                ${`DISCLOSE${sequence}`}, ${isAdmin})
        returning id`,
  );
  return row!.id;
}

async function reward(userId: string, micro: number, at: Date): Promise<void> {
  await t.database.db.execute(sql`insert into rewards
      (user_id, source_user_id, type, level, reward_micro, master_micro, percent_bp, cycle_id,
       bucket, created_at)
    values (${userId}, ${userId}, 'DOWNLINE', 1, ${micro}, ${micro * 10}, 1000, gen_random_uuid(),
            'AVAILABLE', ${at})`);
}

async function payment(userId: string, at: Date, paidUntil: Date): Promise<void> {
  await t.database.db.execute(sql`insert into subscription_payments
      (user_id, tx_hash, log_index, block_number, from_address, to_address, amount_micro,
       periods_added, paid_until_after, credited_at)
    values (${userId}, ${`0x${userId.replaceAll('-', '')}`}, 0, 1, '0xfrom', '0xto', 10000000, 1,
            ${paidUntil}, ${at})`);
}

describe('the earnings disclosure', () => {
  it('answers null before the first build', async () => {
    const answer = await call<EarningsDisclosure | null>(
      t.app,
      'GET',
      '/api/public/earnings-disclosure',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
  });

  it('counts every member subscribed or rewarded in a window, zeros included, admins and the root left out', async () => {
    // A: subscribed now, 8 USDT in the last 30 days and 100 USDT 40 days ago.
    const a = await member();
    await payment(a, daysAgo(10), daysAgo(-20));
    await reward(a, 5_000_000, daysAgo(2));
    await reward(a, 3_000_000, daysAgo(29));
    await reward(a, 100_000_000, daysAgo(40));
    // B: subscribed now, never rewarded: a member who earned nothing.
    const b = await member();
    await payment(b, daysAgo(40), daysAgo(-10));
    // C: no payment, 1 USDT of reward in the window (its subscription ran out long ago).
    const c = await member();
    await reward(c, 1_000_000, daysAgo(5));
    // D: subscribed 100 to 70 days ago: only in the year, and there with nothing earned.
    const d = await member();
    await payment(d, daysAgo(100), daysAgo(70));
    // An administrator's reward and a reward after the build are no member's earnings.
    await reward(await member(true), 999_000_000, daysAgo(1));
    await reward(a, 50_000_000, daysAgo(-1));
    // Never subscribed, never rewarded: not a member of either window.
    await member();

    expect(await t.services.disclosure.buildDaily(NOW)).toBe(true);
    // A second run the same day leaves the figures as they were built.
    await reward(c, 7_000_000, daysAgo(1));
    expect(await t.services.disclosure.buildDaily(new Date(NOW.getTime() + 3_600_000))).toBe(false);

    const answer = await call<EarningsDisclosure>(t.app, 'GET', '/api/public/earnings-disclosure');
    expect(answer.body.data).toEqual({
      day: '2026-06-01',
      builtAt: NOW.toISOString(),
      windows: [
        {
          days: 30,
          members: 3, // A 8, B 0, C 1
          earnedNothing: 1,
          medianMicro: '1000000',
          p90Micro: '8000000',
          top1ThresholdMicro: '8000000',
          top1AverageMicro: '8000000',
          rewardsMicro: '9000000',
          feesPaidMicro: '10000000', // A's payment; B's and D's were before the window
        },
        {
          days: 365,
          members: 4, // A 108, B 0, C 1, D 0
          earnedNothing: 2,
          medianMicro: '0',
          p90Micro: '108000000',
          top1ThresholdMicro: '108000000',
          top1AverageMicro: '108000000',
          rewardsMicro: '109000000',
          feesPaidMicro: '30000000',
        },
      ],
    });
  });

  it('an administrator rebuilds today from the data as it is now', async () => {
    const forbidden = await call(t.app, 'POST', '/api/admin/earnings-disclosure');
    expect(forbidden.status).toBe(401);
    const rebuilt = await t.services.disclosure.build(new Date(NOW.getTime() + 7_200_000));
    expect(rebuilt.windows[0]).toMatchObject({ members: 3, rewardsMicro: '16000000' });
    expect((await t.services.disclosure.latest())?.windows[0]?.rewardsMicro).toBe('16000000');
  });
});
