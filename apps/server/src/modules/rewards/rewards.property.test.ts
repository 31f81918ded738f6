import { USER_STATUSES } from '@ctn/contracts/constants';
import { DEFAULT_REWARD_SETTINGS } from '@ctn/contracts/settings';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildNetwork, type MemberSpec } from '../referrals/referrals.fixtures';
import { creditCycle } from './reward-credits.queries';

/**
 * Properties of DOWNLINE cycles on random trees, schedules, amounts and member states, against an
 * oracle that walks the upline links in plain TypeScript: every line is master x p[d] rounded down,
 * to the right bucket, for exactly the eligible uplines; the ledger and the balances agree after
 * every run; a failure after the credit leaves nothing; running the statement again changes
 * nothing. On PGlite, and on PostgreSQL with DATABASE_URL.
 */

const RUNS = Number(process.env['FC_RUNS'] ?? 25);
const admin = { id: '', email: 'admin@example.com', ip: null };

let t: TestApp;
let crashNext = false;
let uidCounter = 50_000_000;
/** Each run pays its own week: the database refuses a second paid cycle over the same days. */
let weekCounter = 0;
function nextWeek(): { periodStart: string; periodEnd: string } {
  const start = Date.UTC(2020, 0, 1) + (weekCounter += 1) * 7 * 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { periodStart: day(start), periodEnd: day(start + 6 * 86_400_000) };
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      cycleFaults: {
        afterCredit: async () => {
          if (!crashNext) return;
          crashNext = false;
          throw new Error('injected failure between statements');
        },
      },
    },
  );
  await t.services.auth.ensureAdmin(admin.email, 'Admin@Password1');
  admin.id = (await t.services.auth.findByEmail(admin.email))!.id;
});
afterAll(() => t.close());

const memberArb = fc.record({
  pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  status: fc.constantFrom(...USER_STATUSES),
  linked: fc.boolean(),
  paid: fc.boolean(),
  complianceLocked: fc.boolean(),
  master: fc.option(fc.bigInt({ min: 1n, max: 2_000_000_000n }), { nil: undefined }),
});
const caseArb = fc.record({
  members: fc.array(memberArb, { minLength: 1, maxLength: 20 }),
  // Hundredths of a percent per level; zeros and tiny values make lines round to nothing.
  schedule: fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 15, maxLength: 15 }),
  crashFirst: fc.boolean(),
});

interface State {
  id: string;
  parent: string | null;
  status: string;
  eligible: boolean;
  platform: boolean;
}

async function states(): Promise<Map<string, State>> {
  const rows = await rowsOf<{
    id: string;
    parent: string | null;
    status: string;
    eligible: boolean;
    platform: boolean;
  }>(
    t.database.db,
    sql`select id, referred_by as parent, status, is_root or is_admin as platform,
               (status = 'ACTIVE' and paid_until > now() and bingx_uid is not null
                and earnings_locked_since is null) as eligible
          from users`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Lines as `recipient>source@level=micro:bucket`, sorted. */
function oracle(all: Map<string, State>, masters: Map<string, bigint>, bp: number[]): string[] {
  const lines: string[] = [];
  for (const [source, master] of masters) {
    let upline = all.get(source)?.parent ?? null;
    for (let depth = 1; upline && depth <= 15; depth++) {
      const u = all.get(upline)!;
      const micro = (master * BigInt(bp[depth - 1]!)) / 10_000n;
      if (u.status !== 'DISABLED' && !u.platform && micro > 0n)
        lines.push(`${upline}>${source}@${depth}=${micro}:${u.eligible ? 'AVAILABLE' : 'LOCKED'}`);
      upline = u.parent;
    }
  }
  return lines.sort();
}

const linesOf = async (cycleId: string) =>
  (
    await rowsOf<{ line: string }>(
      t.database.db,
      sql`select user_id || '>' || source_user_id || '@' || level || '=' || reward_micro || ':' ||
                 bucket as line
            from rewards where cycle_id = ${cycleId}`,
    )
  )
    .map((r) => r.line)
    .sort();

const books = async () =>
  (
    await rowsOf<{ entries: number; balances: string; rewards: number }>(
      t.database.db,
      sql`select (select count(*)::int from ledger_entries) as entries,
                 (select count(*)::int from rewards) as rewards,
                 (select coalesce(sum(available_micro + locked_micro), 0)::text from balances)
                   as balances`,
    )
  )[0]!;

async function expectBooksClean() {
  expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  expect(await t.services.rewards.verifyAgainstLedger()).toEqual([]);
}

describe('DOWNLINE cycle properties (random trees, schedules, amounts, states)', () => {
  it('credits exactly the oracle once, atomically, with the books in agreement', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ members, schedule, crashFirst }) => {
        const specs: MemberSpec[] = members.map((m, i) => ({
          parent: Math.floor(m.pick * (i + 1)),
          status: m.status,
          linked: m.linked || m.master !== undefined,
          paid: m.paid,
        }));
        const net = await buildNetwork(t, specs, { label: 'cycle' });
        const masters = new Map<string, bigint>();
        const csv: string[] = [];
        for (const [i, m] of members.entries()) {
          const id = net.members[i]!.id;
          const uid = String((uidCounter += 1));
          await t.database.db.execute(sql`
            update users set bingx_uid = case when bingx_uid is null then null else ${uid} end,
                   earnings_locked_since = ${m.complianceLocked ? sql`now()` : sql`null`}
             where id = ${id}`);
          if (m.master !== undefined) {
            masters.set(id, m.master);
            csv.push(`${uid},${(Number(m.master) / 1e6).toFixed(6)}`);
          }
        }
        await t.services.settings.saveRewards(admin, {
          ...DEFAULT_REWARD_SETTINGS,
          downlinePercents: schedule.map((bp) => bp / 100),
        });
        const draft = await t.services.cycles.prepare(
          {
            source: 'CSV',
            ...nextWeek(),
            csv: csv.join('\n') || '1,1',
          },
          admin,
        );
        const expected = oracle(await states(), masters, schedule);
        const before = await books();

        if (crashFirst) {
          crashNext = true;
          await t.services.cycles.run(draft._id, admin);
          await t.services.cycles.settled();
          expect((await t.services.cycles.detail(draft._id)).status).toBe('FAILED');
          expect(await books()).toEqual(before);
        }
        await t.services.cycles.run(draft._id, admin);
        await t.services.cycles.settled();
        const done = await t.services.cycles.detail(draft._id);
        expect(done.status).toBe('COMPLETED');
        expect(await linesOf(draft._id)).toEqual(expected);
        const total = expected.reduce((s, l) => s + BigInt(l.split('=')[1]!.split(':')[0]!), 0n);
        expect(Math.round((done.totalPaid ?? -1) * 1e6)).toBe(Number(total));
        const after = await books();
        expect(BigInt(after.balances) - BigInt(before.balances)).toBe(total);
        await expectBooksClean();

        // The crediting statement again, for the same cycle: nothing is inserted or moved.
        const again = await t.database.db.transaction((tx) =>
          creditCycle(tx, { id: draft._id, number: done.number! }, schedule, null),
        );
        expect(again.lines).toBe(0);
        expect(await books()).toEqual(after);
        await expectBooksClean();
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
