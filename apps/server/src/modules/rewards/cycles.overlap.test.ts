import type { CycleDetail } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { isExclusionViolation } from '../../lib/db-errors';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  usingPostgres,
  type TestApp,
} from '../../../test/test-app';
import * as q from './cycles.queries';

/**
 * The same days are never paid twice by two cycles of one source (issue 19): refused when the
 * draft is prepared, and by the database when two drafts of one period run at once (on
 * PostgreSQL in CI, really in parallel); only an audited CSV correction may overlap.
 */
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  const top = await signedInMember(t);
  const child = await signedInMember(t, { referredByCode: top.user.referralCode });
  await t.database.db.execute(sql`
    update users set bingx_uid = case when email = ${top.email} then '7200001' else '7200002' end,
                     paid_until = now() + interval '10 days'
     where email in (${top.email}, ${child.email})`);
}, 30_000);
afterAll(() => t.close());

const prepare = (body: Record<string, unknown>) =>
  call<CycleDetail>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
    token: admin.token,
    body: { source: 'CSV', csv: '7200002,50', ...body },
  });
const run = (id: string) =>
  call<CycleDetail>(t.app, 'POST', `/api/rewards/admin/cycles/${id}/run`, {
    token: admin.token,
    body: {},
  });
const statusesOf = (...ids: string[]) =>
  rowsOf<{ status: string; error: string | null }>(
    t.database.db,
    sql`select status, error from reward_cycles where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by status`,
  );
const rewardLines = async () =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from rewards where type = 'DOWNLINE'`,
    )
  )[0]!.n;

describe('overlapping cycle periods', () => {
  it('refuses a period a paid cycle covers, and lets an audited CSV correction through', async () => {
    const first = (await prepare({ periodStart: '2026-10-01', periodEnd: '2026-10-07' })).body
      .data!;
    await run(first._id);
    await t.services.cycles.settled();

    const again = await prepare({ periodStart: '2026-10-07', periodEnd: '2026-10-10' });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('CYCLE_PERIOD_OVERLAP');
    expect(again.body.data).toMatchObject({ overlappingCycle: first.number ?? expect.any(Number) });
    // The next days are fine.
    expect((await prepare({ periodStart: '2026-10-08', periodEnd: '2026-10-14' })).status).toBe(
      200,
    );

    const exchangeCorrection = await prepare({
      source: 'EXCHANGE',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-07',
      correctionReason: 'Missed trades',
    });
    expect(exchangeCorrection.body.errorCode).toBe('VALIDATION_ERROR');

    const linesBefore = await rewardLines();
    const paid = await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${first._id}`, {
      token: admin.token,
    });
    const correction = await prepare({
      periodStart: '2026-10-03',
      periodEnd: '2026-10-03',
      csv: '7200002,5',
      correctionReason: 'Trades of Oct 3 were missing from the first export',
      correctsCycles: [paid.body.data!.number],
    });
    expect(correction.status).toBe(200);
    await run(correction.body.data!._id);
    await t.services.cycles.settled();
    expect(await rewardLines()).toBeGreaterThan(linesBefore);
    const audit = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${correction.body.data!._id}`,
    );
    expect(audit.map((a) => a.action)).toContain('REWARD_CYCLE_CORRECTION_PREPARED');
  });

  it('two drafts of one period run at once: one pays, the other is refused, nothing twice', async () => {
    const a = (await prepare({ periodStart: '2026-09-01', periodEnd: '2026-09-07' })).body.data!;
    const b = (await prepare({ periodStart: '2026-09-05', periodEnd: '2026-09-09' })).body.data!;
    const linesBefore = await rewardLines();
    const answers = await Promise.all([run(a._id), run(b._id)]);
    await t.services.cycles.settled();
    expect(answers.map((x) => x.body.errorCode ?? 'STARTED').sort()).toEqual([
      'CYCLE_PERIOD_OVERLAP',
      'STARTED',
    ]);
    expect(await statusesOf(a._id, b._id)).toEqual([
      { status: 'COMPLETED', error: null },
      { status: 'DRAFT', error: null },
    ]);
    // One cycle's lines: the child's reward goes to its one upline.
    expect((await rewardLines()) - linesBefore).toBe(1);
  });

  // The interleaving that once failed a run in CI (a draft started the moment another cycle's
  // run completed), made certain: the draft's start is held after writing its row and before
  // checking it (by a transaction with a row over its days in flight, which then rolls back),
  // and the run completes in between. Each then waits for the other unless these writes take
  // turns, and PostgreSQL aborts one: it was the run. PGlite has one connection: nothing waits.
  it.runIf(usingPostgres())(
    'a draft starting while an overlapping run completes never aborts the run',
    async () => {
      const { db } = t.database;
      const draft = async (periodStart: string, periodEnd: string) =>
        (await prepare({ periodStart, periodEnd })).body.data!._id;
      const held = await draft('2026-08-01', '2026-08-05');
      const b = await draft('2026-08-04', '2026-08-12');
      const a = await draft('2026-08-10', '2026-08-15');

      const waiting = async (n: number) => {
        for (let i = 0; i < 200; i++) {
          const [row] = await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (row!.n >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`fewer than ${n} transactions ever waited`);
      };
      let release = () => undefined as void;
      const inFlight = db
        .transaction(async (tx) => {
          await tx.execute(sql`update reward_cycles set status = 'RUNNING' where id = ${held}`);
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // After the row in flight, so the draft's check meets that row before the running one.
      expect(await q.markRunning(db, a, [1000], false)).toBe(true);
      const start = q.markRunning(db, b, [1000], false).then(
        () => 'STARTED',
        (err: unknown) => (isExclusionViolation(err) ? 'OVERLAP' : String(err)),
      );
      await waiting(1);
      const completion = db.transaction(async (tx) => {
        await q.lockCycle(tx, a);
        await q.completeCycle(tx, a, { totalPaidMicro: 0n, rewardLines: 0, statement: {} });
      });
      await waiting(2);
      release();
      await inFlight;
      await completion;
      expect(await start).toBe('OVERLAP');
      expect(await statusesOf(a, b, held)).toEqual([
        { status: 'COMPLETED', error: null },
        { status: 'DRAFT', error: null },
        { status: 'DRAFT', error: null },
      ]);
    },
  );
});

describe('one payment per day of trading, whatever the source', () => {
  it('refuses a CSV cycle over days an exchange cycle paid, naming that cycle', async () => {
    const exchange = await prepare({
      source: 'EXCHANGE',
      periodStart: '2026-07-01',
      periodEnd: '2026-07-07',
    });
    expect(exchange.status).toBe(200);
    await run(exchange.body.data!._id);
    await t.services.cycles.settled();
    const paid = (await statusesOf(exchange.body.data!._id))[0]!;
    expect(paid.status).toBe('COMPLETED');
    const [{ number }] = (await rowsOf<{ number: number }>(
      t.database.db,
      sql`select number from reward_cycles where id = ${exchange.body.data!._id}`,
    )) as [{ number: number }];

    const linesBefore = await rewardLines();
    const csv = await prepare({ periodStart: '2026-07-05', periodEnd: '2026-07-06' });
    expect(csv.status).toBe(409);
    expect(csv.body.errorCode).toBe('CYCLE_PERIOD_OVERLAP');
    expect(csv.body.error).toBe(
      `Cycle #${number} (from the exchange, 2026-07-01 to 2026-07-07) already pays some of these days: every day of trading is paid once, whatever the source. Pick another period, or make a CSV correction cycle with its reason.`,
    );
    expect(csv.body.data).toMatchObject({ overlappingCycle: number, source: 'EXCHANGE' });
    // And the other way round: an exchange cycle over days a CSV cycle paid.
    const csvPaid = (await prepare({ periodStart: '2026-06-20', periodEnd: '2026-06-22' })).body
      .data!;
    await run(csvPaid._id);
    await t.services.cycles.settled();
    const exchangeAfter = await prepare({
      source: 'EXCHANGE',
      periodStart: '2026-06-22',
      periodEnd: '2026-06-25',
    });
    expect(exchangeAfter.body.errorCode).toBe('CYCLE_PERIOD_OVERLAP');
    expect(exchangeAfter.body.error).toContain('(from a CSV, 2026-06-20 to 2026-06-22)');
    expect((await rewardLines()) - linesBefore).toBe(1);
  });

  it('an exchange draft and a CSV draft of one period, prepared and run at once: one pays', async () => {
    const period = { periodStart: '2026-06-01', periodEnd: '2026-06-03' };
    const [exchange, csv] = await Promise.all([
      prepare({ source: 'EXCHANGE', ...period }),
      prepare(period),
    ]);
    expect([exchange.status, csv.status]).toEqual([200, 200]);
    const answers = await Promise.all([run(exchange.body.data!._id), run(csv.body.data!._id)]);
    await t.services.cycles.settled();
    expect(answers.map((x) => x.body.errorCode ?? 'STARTED').sort()).toEqual([
      'CYCLE_PERIOD_OVERLAP',
      'STARTED',
    ]);
    expect(answers.every((x) => x.status < 500)).toBe(true);
    expect(await statusesOf(exchange.body.data!._id, csv.body.data!._id)).toEqual([
      { status: 'COMPLETED', error: null },
      { status: 'DRAFT', error: null },
    ]);
  });
});
