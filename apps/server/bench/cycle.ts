// npm run bench:cycle [-- --members 100000 --runs 2 --warmup 1]
//
// Throughput of a DOWNLINE reward cycle on a large generated network, against the PostgreSQL of
// DATABASE_URL (PGlite is refused). It reuses the newest generated network with at least
// --members members (see npm run seed:network) or generates one, then:
// 1. gives the network a realistic eligibility mix where it lacks one (set-based SQL): every
//    member a linked UID (a cycle's amounts are keyed by UID), paid subscriptions re-dated when
//    they expired since the network was generated, a few compliance locks;
// 2. prepares each cycle through CyclesService.prepare with a CSV of every generated member
//    (uid,amount; deterministic amounts from 1 to 500 USDT), built in memory;
// 3. runs it through CyclesService.run + settled (one transaction, one crediting statement);
// 4. times the same INSERT ... SELECT alone into scratch copies of `rewards`: with its defaults,
//    CHECKs and indexes (LIKE ... INCLUDING INDEXES: no foreign keys) holding the lines `rewards`
//    held before the cycle (like-for-like: the goal's reference), the same empty, and one with
//    its defaults only, empty; the ratio cycle / like-for-like raw is the cost of everything the
//    cycle does beyond writing its reward lines;
// 5. runs the crediting statement of a completed cycle again (0 lines expected);
// 6. checks that balances equal the ledger and that each member's REWARD_DOWNLINE entry of a
//    cycle equals the sum of its reward lines (exit code 1 when not).
// Each measurement: a warm-up, then --runs measured runs (a fresh cycle each, scratch tables
// emptied), each after VACUUM ANALYZE and CHECKPOINT. Beside wall time it reports the CPU time of
// the server's processes (from /proc, when PostgreSQL runs on this machine), which another
// program's load on the same cores does not inflate.
//
// The ledger is append-only, so the cycles stay: run it in a database of its own (ctn_bench on
// the throwaway cluster of scripts/pg-test-cluster.sh, dropped and created again for comparable
// figures: each run adds 3M lines to `rewards`); it prints what it added. The scratch tables are
// dropped at the end.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { cyclePreviewRequestSchema } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { createServices } from '../src/services';
import { silentLogger } from '../src/lib/logger';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase, rowsOf, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { balanceMismatches } from '../src/modules/ledger/ledger.queries';
import { CyclesService } from '../src/modules/rewards/cycles.service';
import { creditCycle, withCycleMemory } from '../src/modules/rewards/reward-credits.queries';
import {
  findGeneratedNetwork,
  generateNetwork,
  NETWORK_EMAIL_DOMAIN,
} from '../scripts/network-generator';

import type { Measure } from './cycle-support';
import {
  SCRATCH_INDEXED,
  SCRATCH_PLAIN,
  best,
  clocked,
  createScratch,
  dropScratch,
  fail,
  fmt,
  measure,
  median,
  printTable,
  ratio,
  rawInsert,
  rolledBack,
  s,
  settle,
  step,
  timedRows,
} from './cycle-support';
import { benchAdmin, buildCsv, eligibilityMix, ensureEligibilityMix } from './cycle-data';

/** Issue 16: the cycle within 1.25x of the raw insert, and a completed cycle's credit again within 1 s. */
const TARGET_RATIO = 1.25;
const TARGET_AGAIN_MS = 1_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '2' },
      warmup: { type: 'string', default: '1' },
    },
  });
  const members = Number(values.members);
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  if (!Number.isInteger(members) || members < 1) fail('--members must be a whole number');
  if (!Number.isInteger(runs) || runs < 1) fail('--runs must be at least 1');
  if (!Number.isInteger(warmup) || warmup < 0) fail('--warmup must be 0 or more');

  const config = loadConfig();
  if (config.database.kind !== 'postgres')
    fail(
      'bench:cycle needs PostgreSQL: set DATABASE_URL to a postgres:// URL (PGlite is not measured).\n' +
        'For example: scripts/pg-test-cluster.sh start; psql "$(scripts/pg-test-cluster.sh url)" -c "create database ctn_bench";\n' +
        '             DATABASE_URL=postgres://postgres@127.0.0.1:54329/ctn_bench npm run bench:cycle',
    );
  const dbName = new URL(config.database.url).pathname.slice(1);
  if (dbName === 'ctn_test')
    fail(
      'bench:cycle leaves its cycles behind (the ledger is append-only): point DATABASE_URL at a database of its own (ctn_bench), not the test database.',
    );

  const database = await openDatabase(config.database);
  await migrate(database);
  const { services, close: closeServices } = await createServices(config, database);
  const { db } = database;
  const started = performance.now();
  // Timestamps of the run in progress: the service calls afterCredit inside its transaction.
  let creditDoneAt = 0;
  const cycles = new CyclesService({
    db,
    exchange: services.peers.exchange,
    settings: services.settings,
    audit: services.audit,
    log: silentLogger,
    mail: services.mail,
    publicUrl: 'http://bench.invalid',
    afterCredit: async () => {
      creditDoneAt = performance.now();
    },
  });

  try {
    let network = await findGeneratedNetwork(db, members);
    if (!network) {
      console.log(`No generated network of ${members} members yet: generating one.`);
      const made = await generateNetwork(database, services, {
        members,
        seed: 42,
        log: (line) => console.log(line),
      });
      console.log(`Generated in ${made.seconds.toFixed(1)} s.`);
      network = await findGeneratedNetwork(db, members);
      if (!network) throw new Error('the generated network was not found');
    }
    // '%.tag@' also matches the top member's own 'top.tag@': the members are those below it.
    const memberPattern = `%.${network.tag}@${NETWORK_EMAIL_DOMAIN}`;
    const below = sql`(email like ${memberPattern} and id <> ${network.id})`;

    await step('eligibility mix', () => ensureEligibilityMix(db, network, below));
    const actor = await benchAdmin(services.auth, db);
    const csv = await step('CSV built', () => buildCsv(db, below));
    const before = await counts(db);

    const [version] = await rowsOf<{ v: string }>(db, sql`select version() as v`);
    const [paths] = await rowsOf<{ all: number; network: number }>(
      db,
      sql`select (select count(*)::int from referral_paths) as all,
                 (select count(*)::int from referral_paths p join users m on m.id = p.descendant
                   where ${below}) as network`,
    );
    const settings = await rowsOf<{ name: string; setting: string }>(
      db,
      sql`select name, current_setting(name) as setting from pg_settings
           where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'fsync',
                          'synchronous_commit', 'full_page_writes', 'wal_level', 'max_wal_size',
                          'checkpoint_timeout', 'jit', 'max_parallel_workers_per_gather')
           order by name`,
    );
    const mix = await eligibilityMix(db, below);
    const [table] = await rowsOf<{ rows: number; heap: string; indexes: string }>(
      db,
      sql`select (select count(*)::int from rewards) as rows,
                 pg_size_pretty(pg_table_size('rewards')) as heap,
                 pg_size_pretty(pg_indexes_size('rewards')) as indexes`,
    );
    console.log(
      [
        '',
        `Reward cycle benchmark: ${warmup} warm-up and ${runs} measured run(s) of each case`,
        `  ${version?.v.split(',')[0] ?? '?'}; Node ${process.version}; ${cpus().length} cores; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        `  settings: ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`,
        `  network: ${fmt(csv.lines)} generated members below ${network.email}; ${fmt(paths?.network ?? 0)} closure rows above them; ${fmt(paths?.all ?? 0)} closure rows in the database`,
        `  members as uplines: ${mix}`,
        `  rewards table before: ${fmt(table?.rows ?? 0)} rows, ${table?.heap ?? '?'} heap, ${table?.indexes ?? '?'} indexes`,
        `  CSV: ${fmt(csv.lines)} lines, ${(csv.text.length / 1e6).toFixed(1)} MB, amounts ${csv.min} to ${csv.max} USDT, total ${fmt(Math.round(csv.total))} USDT`,
        '',
      ].join('\n'),
    );

    const schedule = (await services.settings.rewardPolicy()).downlineBp;
    await createScratch(db);
    const cycleIds: string[] = [];
    let periodDay = 0;
    const prepare = async () => {
      // Past periods, one week each: the statement's DIRECT figures read that week only.
      periodDay += 7;
      const request = cyclePreviewRequestSchema.parse({
        source: 'CSV',
        periodStart: isoDay(-400 + periodDay),
        periodEnd: isoDay(-400 + periodDay + 6),
        csv: csv.text,
      });
      const { ms, cpu, value: draft } = await clocked(db, () => cycles.prepare(request, actor));
      if (draft.preview.matchedMembers !== csv.lines)
        throw new Error(
          `the CSV matched ${draft.preview.matchedMembers} of ${csv.lines} members (${draft.preview.errorCount} errors, ${draft.preview.unknownCount} unknown)`,
        );
      return { id: draft._id, ms, cpu };
    };
    const runCycle = async (id: string) => {
      creditDoneAt = 0;
      const t0 = performance.now();
      const { ms, cpu } = await clocked(db, async () => {
        await cycles.run(id, actor);
        await cycles.settled(id);
      });
      const detail = await cycles.detail(id);
      if (detail.status !== 'COMPLETED')
        throw new Error(`cycle ${id} ended ${detail.status}: ${detail.error ?? ''}`);
      cycleIds.push(id);
      return { ms, cpu, creditMs: creditDoneAt - t0, rows: detail.rewardLines ?? 0 };
    };

    const cycleM = measure('cycle (CyclesService.run + settled)');
    const creditM = measure('  of which until the credit statement ended');
    const alikeM = measure("raw INSERT ... SELECT, scratch with indexes and rewards' lines");
    const indexedM = measure('raw INSERT ... SELECT, scratch with indexes, empty');
    const plainM = measure('raw INSERT ... SELECT, scratch without indexes, empty');
    const prepareM = measure(`prepare (CSV of ${fmt(csv.lines)} lines)`);
    for (let i = 0; i < warmup + runs; i++) {
      const measured = i >= warmup;
      const label = measured ? `run ${i - warmup + 1}` : `warm-up ${i + 1}`;
      await settle(db);
      const draft = await prepare();
      await settle(db);
      const cycle = await runCycle(draft.id);
      const raw = await rawRun(db, draft.id, schedule);
      console.log(
        `  ${label}: prepare ${s(draft.ms)}; cycle ${fmt(cycle.rows)} rows in ${s(cycle.ms)} (credit statement done at ${s(cycle.creditMs)}); raw like-for-like ${s(raw.alike.ms)}; raw indexed empty ${s(raw.indexed.ms)}; raw plain empty ${s(raw.plain.ms)}; load average ${loadavg()[0]?.toFixed(2)}`,
      );
      if (raw.rows !== cycle.rows)
        throw new Error(`the raw insert wrote ${raw.rows} rows, the cycle ${cycle.rows}`);
      if (!measured) continue;
      prepareM.add(draft.ms, draft.cpu, 0);
      cycleM.add(cycle.ms, cycle.cpu, cycle.rows);
      creditM.add(cycle.creditMs, null, cycle.rows);
      alikeM.add(raw.alike.ms, raw.alike.cpu, raw.rows);
      indexedM.add(raw.indexed.ms, raw.indexed.cpu, raw.rows);
      plainM.add(raw.plain.ms, raw.plain.cpu, raw.rows);
    }

    // 5. The crediting statement of a completed cycle again: every line exists, nothing moves.
    const lastId = cycleIds[cycleIds.length - 1] ?? '';
    const rerunM = measure('credit statement again (completed cycle)');
    for (let i = 0; i < runs; i++) {
      await settle(db);
      const again = await rerunCredit(db, lastId);
      if (again.lines !== 0 || again.members !== 0)
        throw new Error(`the second run wrote ${again.lines} lines for ${again.members} members`);
      rerunM.add(again.ms, again.cpu, again.lines);
    }

    console.log('');
    const vs = (m: Measure, pick: (m: Measure) => number[]) =>
      m === alikeM || m === indexedM || m === plainM
        ? `${ratio(best(pick(cycleM)), best(pick(m)))} / ${ratio(median(pick(cycleM)), median(pick(m)))}`
        : '';
    printTable(
      [
        'case',
        'rows',
        'best',
        'median',
        'runs',
        'rows/s (median)',
        'server CPU (median)',
        'cycle / this (best / median)',
        'same in CPU',
      ],
      [cycleM, creditM, alikeM, indexedM, plainM, rerunM, prepareM].map((m) => [
        m.name,
        m.rows ? fmt(m.rows) : '0',
        s(best(m.ms)),
        s(median(m.ms)),
        m.ms.map(s).join(', '),
        m.rows ? fmt(Math.round(m.rows / (median(m.ms) / 1000))) : '-',
        m.cpu.length ? s(median(m.cpu)) : '-',
        vs(m, (x) => x.ms),
        m.cpu.length && cycleM.cpu.length ? vs(m, (x) => x.cpu) : '',
      ]),
    );
    const r = median(cycleM.ms) / median(alikeM.ms);
    console.log(
      r <= TARGET_RATIO
        ? `\ncycle / raw (like-for-like), median: ${r.toFixed(2)}x, within the ${TARGET_RATIO}x target.`
        : `\ncycle / raw (like-for-like), median: ${r.toFixed(2)}x, above the ${TARGET_RATIO}x target.`,
    );
    const again = median(rerunM.ms);
    console.log(
      `credit statement again, median: ${s(again)}, ${again <= TARGET_AGAIN_MS ? 'within' : 'above'} the ${s(TARGET_AGAIN_MS)} target.`,
    );

    const clean = await verify(db, cycleIds);
    const after = await counts(db);
    console.log(
      `\nleft in the database (the ledger is append-only): ${Object.entries(after)
        .map(([k, v]) => `${k} +${fmt(v - (before[k as keyof typeof before] ?? 0))}`)
        .join(', ')}`,
    );
    console.log(`total time ${s(performance.now() - started)}`);
    if (!clean) process.exitCode = 1;
  } finally {
    await dropScratch(db).catch(() => undefined);
    await closeServices();
    await database.close();
  }
}

async function counts(db: Db) {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select (select count(*)::int from reward_cycles) as cycles,
               (select count(*)::int from reward_cycle_entries) as entries,
               (select count(*)::int from rewards) as rewards,
               (select count(*)::int from ledger_entries) as ledger_entries,
               (select count(*)::int from balances) as balances,
               (select count(*)::int from audit_log) as audit_log`,
  );
  return {
    cycles: row?.cycles ?? 0,
    entries: row?.entries ?? 0,
    rewards: row?.rewards ?? 0,
    ledger_entries: row?.ledger_entries ?? 0,
    balances: row?.balances ?? 0,
    audit_log: row?.audit_log ?? 0,
  };
}

/**
 * The raw insert into each scratch table, emptied (and checkpointed) first; the like-for-like
 * one first holds the lines `rewards` held before this cycle, so both inserts grow indexes of the
 * same size (an empty copy made every cycle look dearer the more lines earlier runs had left).
 * TRUNCATE commits on its own: with wal_level=minimal an insert in the transaction that
 * truncated would skip WAL.
 */
async function rawRun(db: Db, cycleId: string, schedule: number[]) {
  const into = async (table: string, holding: 'earlier lines' | 'nothing') => {
    await db.execute(sql`truncate ${sql.raw(table)}`);
    if (holding === 'earlier lines')
      await db.execute(
        sql`insert into ${sql.raw(table)} select * from rewards where cycle_id is distinct from ${cycleId}`,
      );
    await db.execute(sql`vacuum analyze ${sql.raw(table)}`);
    await db.execute(sql`checkpoint`);
    // With the memory the cycle's statement has (a separate transaction, as the cycle's own).
    return db.transaction(async (tx) => {
      await withCycleMemory(tx);
      return timedRows(tx, rawInsert(table, cycleId, schedule));
    });
  };
  const alike = await into(SCRATCH_INDEXED, 'earlier lines');
  const indexed = await into(SCRATCH_INDEXED, 'nothing');
  const plain = await into(SCRATCH_PLAIN, 'nothing');
  if (alike.rows !== plain.rows || indexed.rows !== plain.rows)
    throw new Error('the raw inserts wrote different rows');
  return { alike, indexed, plain, rows: plain.rows };
}

async function rerunCredit(db: Db, cycleId: string) {
  const [cycle] = await rowsOf<{ number: number; schedule: number[] }>(
    db,
    sql`select number, schedule from reward_cycles where id = ${cycleId} and status = 'COMPLETED'`,
  );
  if (!cycle) throw new Error(`cycle ${cycleId} is not completed`);
  return rolledBack(db, async (tx) => {
    const { ms, cpu, value } = await clocked(db, () =>
      creditCycle(tx, { id: cycleId, number: cycle.number }, cycle.schedule, null),
    );
    return { ms, cpu, lines: value.lines, members: value.members };
  });
}

/**
 * Balances equal the sums of the ledger, and each (member, cycle) REWARD_DOWNLINE entry equals
 * the sum of that member's lines of the cycle, by bucket; each cycle's figures equal its lines.
 */
async function verify(db: Db, cycleIds: string[]): Promise<boolean> {
  const problems: string[] = [];
  const mismatches = await balanceMismatches(db, 10);
  for (const m of mismatches)
    problems.push(`balance ${m.userId} ${m.column}: balance ${m.balance}, ledger ${m.ledger}`);
  if (cycleIds.length > 0) {
    const ids = `{${cycleIds.join(',')}}`;
    const keys = `{${cycleIds.map((id) => `cycle:${id}`).join(',')}}`;
    const [pairs] = await rowsOf<{
      pairs: number;
      ledger_only: number;
      rewards_only: number;
      differ: number;
    }>(
      db,
      sql`with r as (
            select user_id, cycle_id,
                   coalesce(sum(reward_micro) filter (where bucket = 'AVAILABLE'), 0) as a,
                   coalesce(sum(reward_micro) filter (where bucket = 'LOCKED'), 0) as l,
                   sum(reward_micro) as e
              from rewards where cycle_id = any(${ids}::uuid[]) group by 1, 2
          ), le as (
            select user_id, substr(source_key, 7)::uuid as cycle_id, available_delta as a,
                   locked_delta as l, earned_delta as e
              from ledger_entries where kind = 'REWARD_DOWNLINE' and source_key = any(${keys}::text[])
          )
          select count(*)::int as pairs,
                 count(*) filter (where r.user_id is null)::int as ledger_only,
                 count(*) filter (where le.user_id is null)::int as rewards_only,
                 count(*) filter (where r.a <> le.a or r.l <> le.l or r.e <> le.e)::int as differ
            from r full join le on le.user_id = r.user_id and le.cycle_id = r.cycle_id`,
    );
    if (pairs && pairs.ledger_only + pairs.rewards_only + pairs.differ > 0)
      problems.push(
        `(member, cycle) pairs: ${pairs.ledger_only} with an entry but no line, ${pairs.rewards_only} with lines but no entry, ${pairs.differ} whose entry differs from its lines`,
      );
    const cycles = await rowsOf<{
      id: string;
      lines: number;
      paid: string;
      counted: number;
      sum: string;
    }>(
      db,
      sql`select c.id, c.reward_lines as lines, c.total_paid_micro::text as paid,
                 count(r.id)::int as counted, coalesce(sum(r.reward_micro), 0)::text as sum
            from reward_cycles c left join rewards r on r.cycle_id = c.id
           where c.id = any(${ids}::uuid[]) group by c.id`,
    );
    for (const c of cycles)
      if (c.lines !== c.counted || c.paid !== c.sum)
        problems.push(
          `cycle ${c.id}: statement ${c.lines} lines / ${c.paid}, rewards ${c.counted} lines / ${c.sum}`,
        );
    console.log(
      `\nverified ${fmt(pairs?.pairs ?? 0)} (member, cycle) entries of ${cycleIds.length} cycle(s) and every balance`,
    );
  }
  console.log(problems.length === 0 ? 'ledger verify: clean' : 'ledger verify: DIFFERENCES');
  for (const p of problems) console.log(`  ${p}`);
  return problems.length === 0;
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
