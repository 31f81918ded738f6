import type { CycleDetail } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

/**
 * A cycle over days another cycle already paid is accepted only as a correction that names the
 * paid cycles, and nets out what their lines paid for those days (decision 044): taken back from
 * available, then locked, never below zero; what cannot be taken back is said.
 */
let t: TestApp;
let admin: { token: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  const top = await signedInMember(t);
  const child = await signedInMember(t, { referredByCode: top.user.referralCode });
  const poorTop = await signedInMember(t);
  const poorChild = await signedInMember(t, { referredByCode: poorTop.user.referralCode });
  for (const [name, m, uid] of [
    ['top', top, '7300001'],
    ['child', child, '7300002'],
    ['poorTop', poorTop, '7300003'],
    ['poorChild', poorChild, '7300004'],
  ] as const) {
    ids[name] = m.user._id;
    await t.database.db.execute(sql`update users set bingx_uid = ${uid},
      paid_until = now() + interval '10 days' where id = ${m.user._id}`);
  }
}, 120_000);
afterAll(() => t.close());

const prepare = (body: Record<string, unknown>) =>
  call<CycleDetail>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
    token: admin.token,
    body: { source: 'CSV', ...body },
  });
async function runToEnd(id: string): Promise<CycleDetail> {
  await call(t.app, 'POST', `/api/rewards/admin/cycles/${id}/run`, {
    token: admin.token,
    body: {},
  });
  await t.services.cycles.settled();
  const detail = await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${id}`, {
    token: admin.token,
  });
  expect(detail.body.data!.status).toBe('COMPLETED');
  return detail.body.data!;
}
const available = async (id: string) => (await t.services.ledger.balanceOf(id))!.availableMicro;
const lineOf = async (cycleId: string, userId: string) =>
  BigInt(
    (
      await rowsOf<{ micro: string }>(
        t.database.db,
        sql`select coalesce(sum(reward_micro), 0)::text as micro from rewards
             where cycle_id = ${cycleId} and user_id = ${userId}`,
      )
    )[0]!.micro,
  );

describe('netting corrections', () => {
  it('nets the corrected cycle out for the shared days, only once it is confirmed', async () => {
    const first = await runToEnd(
      (
        await prepare({
          periodStart: '2026-06-01',
          periodEnd: '2026-06-10',
          csv: '7300002,100\n7300004,200',
        })
      ).body.data!._id,
    );
    const paidTop = await lineOf(first._id, ids.top!);
    const paidPoor = await lineOf(first._id, ids.poorTop!);
    expect(paidTop).toBeGreaterThan(0n);
    // The poor upline's money is on its way out (a pending withdrawal): nothing left to take.
    await postEntry(t.database.db, {
      userId: ids.poorTop!,
      kind: 'WITHDRAWAL_HOLD',
      sourceKey: 'withdrawal:netting-test',
      delta: { available: -paidPoor, pending: paidPoor },
    });

    const body = {
      periodStart: '2026-06-06',
      periodEnd: '2026-06-15',
      csv: '7300002,30',
      correctionReason: 'The exchange export of June 6 to 10 was wrong',
    };
    const unconfirmed = await prepare(body);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.errorCode).toBe('CYCLE_CORRECTION_UNCONFIRMED');
    expect(unconfirmed.body.error).toContain(
      `Cycle #${first.number} (from a CSV, 2026-06-01 to 2026-06-10)`,
    );
    expect(unconfirmed.body.data).toMatchObject({ cycles: [{ number: first.number }] });
    expect((await prepare({ ...body, correctsCycles: [first.number! + 1000] })).status).toBe(409);

    const before = await available(ids.top!);
    const correction = await prepare({ ...body, correctsCycles: [first.number] });
    expect(correction.status).toBe(200);
    const done = await runToEnd(correction.body.data!._id);
    const newLine = await lineOf(done._id, ids.top!);
    // Each member: the new line minus what the earlier lines paid for the 5 shared days of 10.
    expect(await available(ids.top!)).toBe(before + newLine - (paidTop * 5n) / 10n);
    expect(await available(ids.poorTop!)).toBe(0n);
    expect(done.statement!.netted).toEqual({
      cycles: [first.number],
      members: 1,
      amount: Number((paidTop * 5n) / 10n) / 1e6,
      unrecovered: Number((paidPoor * 5n) / 10n) / 1e6,
    });
    const entries = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where kind = 'REWARD_CORRECTION'`,
    );
    expect(entries[0]!.n).toBe(1);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
    expect(await t.services.rewards.verifyAgainstLedger()).toEqual([]);

    // A correction is not corrected again.
    const again = await prepare({ ...body, correctsCycles: [first.number, done.number] });
    expect(again.body.errorCode).toBe('CYCLE_CORRECTION_OF_CORRECTION');
  });

  it('offers the day after the last paid cycle as the next period start', async () => {
    const list = await call<{ nextPeriodStart: string | null }>(
      t.app,
      'GET',
      '/api/rewards/admin/cycles',
      { token: admin.token },
    );
    expect(list.body.data!.nextPeriodStart).toBe('2026-06-16');
  });
});
