// `npm run bench:cycle -- --diagnose`: EXPLAIN of the crediting statement and of the raw insert,
// then the raw insert with each part of the crediting statement added, all rolled back.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';
import { creditCycle } from '../src/modules/rewards/reward-credits.queries';
import {
  Rollback,
  SCRATCH_ALL,
  SCRATCH_FK,
  SCRATCH_INDEXED,
  SCRATCH_PLAIN,
  SCRATCH_PROPOSAL,
  clocked,
  printTable,
  rawInsert,
  rolledBack,
  s,
  settle,
  type Variant,
} from './cycle-support';

/**
 * Where the time goes: EXPLAIN (ANALYZE, BUFFERS, WAL) of the crediting statement and of the raw
 * insert, then the raw insert with each extra of the cycle statement, all rolled back.
 */
export async function diagnose(db: Db, cycleId: string, schedule: number[]): Promise<void> {
  const explain = (query: SQL) =>
    sql`explain (analyze, buffers, wal, costs off, timing on) ${query}`;
  const [cycle] = await rowsOf<{ number: number | null }>(
    db,
    sql`select coalesce(max(number), 0) + 1 as number from reward_cycles`,
  );
  const plan = await rolledBack(db, async (tx) => {
    let captured: string[] = [];
    // creditCycle only calls execute: run its statement under EXPLAIN and keep the plan.
    const explaining = {
      execute: async (query: SQL) => {
        const rows = await rowsOf<{ 'QUERY PLAN': string }>(tx, explain(query));
        captured = rows.map((r) => r['QUERY PLAN']);
        throw new Rollback();
      },
    } as unknown as Db;
    await creditCycle(
      explaining,
      { id: cycleId, number: cycle?.number ?? 1 },
      schedule,
      null,
    ).catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
    return captured;
  });
  console.log(
    '\nEXPLAIN (ANALYZE, BUFFERS, WAL) of the crediting statement (creditCycle), rolled back:',
  );
  for (const line of plan) console.log(`  ${line}`);

  await settle(db);
  const rawPlan = await rolledBack(db, (tx) =>
    rowsOf<{ 'QUERY PLAN': string }>(tx, explain(rawInsert(SCRATCH_INDEXED, cycleId, schedule))),
  );
  console.log(
    '\nEXPLAIN (ANALYZE, BUFFERS, WAL) of the raw insert into the scratch table with indexes, rolled back:',
  );
  for (const r of rawPlan) console.log(`  ${r['QUERY PLAN']}`);

  // The extras one at a time, each in a rolled-back transaction after a checkpoint.
  await createVariantTables(db);
  const returning = sql`returning user_id, level, percent_bp, reward_micro, bucket`;
  const perMember = (table: string) =>
    sql`with inserted as (${rawInsert(table, cycleId, schedule, sql`on conflict do nothing ${returning}`)})
        select count(*), sum(t) from (select user_id, sum(reward_micro) as t from inserted group by user_id) x`;
  const statement = (name: string, query: SQL, rewards = false): Variant => ({
    name,
    run: (tx) => tx.execute(query),
    rewards,
  });
  const variants: Variant[] = [
    statement('raw, scratch without indexes', rawInsert(SCRATCH_PLAIN, cycleId, schedule)),
    statement(
      'raw, scratch with indexes (like-for-like)',
      rawInsert(SCRATCH_INDEXED, cycleId, schedule),
    ),
    statement(
      '  + ON CONFLICT DO NOTHING (every unique index an arbiter)',
      rawInsert(SCRATCH_INDEXED, cycleId, schedule, sql`on conflict do nothing`),
    ),
    statement(
      '  + ON CONFLICT (cycle_id, source_user_id, level) DO NOTHING',
      rawInsert(
        SCRATCH_INDEXED,
        cycleId,
        schedule,
        sql`on conflict (cycle_id, source_user_id, level) do nothing`,
      ),
    ),
    statement(
      '  + ON CONFLICT + RETURNING into a CTE + per-member sums',
      perMember(SCRATCH_INDEXED),
    ),
    statement('  + the 4 foreign keys of rewards', rawInsert(SCRATCH_FK, cycleId, schedule)),
    statement(
      'raw, scratch with time-ordered ids and partial unique indexes',
      rawInsert(SCRATCH_PROPOSAL, cycleId, schedule),
    ),
    statement(
      'raw into rewards itself (its rows so far, indexes and FKs)',
      rawInsert('rewards', cycleId, schedule),
      true,
    ),
    statement(
      '  + ON CONFLICT DO NOTHING',
      rawInsert('rewards', cycleId, schedule, sql`on conflict do nothing`),
      true,
    ),
    {
      name: 'creditCycle (the whole statement)',
      run: (tx) => creditCycle(tx, { id: cycleId, number: cycle?.number ?? 1 }, schedule, null),
      rewards: true,
    },
  ];
  console.log(
    "\nThe raw insert with the cycle statement's parts added one at a time (rolled back):",
  );
  const rows: string[][] = [];
  for (const v of variants) {
    // Empty scratch tables (a rolled-back insert leaves its dead index entries) and a checkpoint.
    await db.execute(sql.raw(`truncate ${SCRATCH_ALL}`));
    await db.execute(sql`checkpoint`);
    const { ms, cpu } = await rolledBack(db, (tx) => clocked(db, () => v.run(tx)));
    rows.push([v.name, s(ms), cpu === null ? '-' : s(cpu)]);
    // A rolled-back insert leaves its tuples and index entries behind until a vacuum.
    if (v.rewards) await db.execute(sql`vacuum rewards`);
  }
  printTable(['variant', 'time', 'server CPU'], rows);
  await db.execute(sql`analyze rewards`);
}

/**
 * Two more scratch copies for --diagnose: one with the foreign keys of rewards, and one with the
 * changes proposed in docs/performance.md (ids in time order, so the primary key and the
 * (created_at, id) index grow at their right end; unique indexes without the NULL keys of the
 * other reward type).
 */
export async function createVariantTables(db: Db): Promise<void> {
  const fk = sql.raw(SCRATCH_FK);
  const proposal = sql.raw(SCRATCH_PROPOSAL);
  await db.execute(
    sql`create table ${fk} (like rewards including defaults including constraints including indexes)`,
  );
  await db.execute(sql`alter table ${fk}
    add foreign key (user_id) references users (id),
    add foreign key (source_user_id) references users (id),
    add foreign key (cycle_id) references reward_cycles (id),
    add foreign key (payment_id) references subscription_payments (id)`);
  await db.execute(
    sql`create table ${proposal} (like rewards including defaults including constraints)`,
  );
  // A UUIDv7-like id: 48 bits of milliseconds, then random bits (PostgreSQL 15 has no uuidv7()).
  await db.execute(sql`alter table ${proposal} alter column id set default
    (lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
     || substr(replace(gen_random_uuid()::text, '-', ''), 13))::uuid`);
  await db.execute(sql`alter table ${proposal} add primary key (id)`);
  await db.execute(
    sql`create unique index on ${proposal} (cycle_id, source_user_id, level) where cycle_id is not null`,
  );
  await db.execute(
    sql`create unique index on ${proposal} (payment_id, level) where payment_id is not null`,
  );
  await db.execute(sql`create index on ${proposal} (user_id, created_at, id)`);
  await db.execute(sql`create index on ${proposal} (created_at, id)`);
}
