// npm run bench:referrals [-- --members 100000 --iterations 300]
//
// Latency of the referral network API on a large generated network, against the PostgreSQL of
// DATABASE_URL. It reuses the newest generated network with at least --members members (see
// npm run seed:network) or generates one. Each case is measured sequentially after a warm-up:
// - API cases go through the whole app (app.inject: auth, validation, service, serialisation;
//   no socket). Large networks keep their statistics for 30 s, so after the first call these
//   measure a member paging through their network;
// - "(service)" cases call the service with that cache off: every call counts the network, as
//   the first visit does.
// Beside each case: its main SQL statement alone on the same pool, and the ratio call / SQL,
// which is the cost of everything that is not that statement.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { REFERRAL_TREE_CHILDREN_PAGE, REFERRAL_TREE_NODE_LIMIT } from '@ctn/contracts/referrals';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createServices } from '../src/services';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase, rowsOf, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import * as q from '../src/modules/referrals/referrals.queries';
import { ReferralsService } from '../src/modules/referrals/referrals.service';
import { findGeneratedNetwork, generateNetwork } from '../scripts/network-generator';

const TARGETS = { history: 20, tree: 100 } as const;

interface Case {
  name: string;
  /** The API call (through the app), or `service` for a call of the service itself. */
  url?: string;
  token?: string;
  service?: () => Promise<unknown>;
  target: number;
  sqlName: string;
  sql: () => Promise<unknown>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '100000' },
      iterations: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '30' },
    },
  });
  const members = Number(values.members);
  const iterations = Number(values.iterations);
  const warmup = Number(values.warmup);

  const config = loadConfig();
  if (config.database.kind !== 'postgres')
    console.warn('DATABASE_URL is not PostgreSQL: the figures will be those of PGlite.');
  const database = await openDatabase(config.database);
  await migrate(database);
  const composition = await createServices(config, database);
  const { services } = composition;
  const app = await buildApp({ config, database, services });
  const { db } = database;

  try {
    let top = await findNetwork(db, members);
    if (!top) {
      console.log(`No generated network of ${members} members yet: generating one.`);
      const made = await generateNetwork(database, services, {
        members,
        seed: 42,
        log: (line) => console.log(line),
      });
      console.log(`Generated in ${made.seconds.toFixed(1)} s.`);
      top = await findNetwork(db, members);
      if (!top) throw new Error('the generated network was not found');
    }

    const tokenFor = async (id: string) => {
      const [row] = await rowsOf<{ v: number }>(
        db,
        sql`select token_version as v from users where id = ${id}`,
      );
      const origin = { ip: null, userAgent: 'bench:referrals' };
      return services.security.open(db, { id, tokenVersion: row?.v ?? 0 }, origin, 3600);
    };

    const topCounts = await q.levelCounts(db, top.id, 15);
    const topNetwork = topCounts.reduce((n, c) => n + c.total, 0);
    const perLevel = new Map<number, number>();
    for (const c of topCounts) perLevel.set(c.depth, (perLevel.get(c.depth) ?? 0) + c.total);
    const busiestLevel = [...perLevel.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1;
    const middle = await pickMiddle(db, top.id, Math.min(8, busiestLevel));
    const widest = await pickWidest(db, top.id);
    const topToken = await tokenFor(top.id);
    const middleToken = await tokenFor(middle.id);
    const walk = (anchorId: string, anchorLevel: number) => () =>
      q.walkTree(db, {
        anchorId,
        anchorLevel,
        offset: 0,
        maxLevels: 15,
        perParent: REFERRAL_TREE_CHILDREN_PAGE,
        nodeLimit: REFERRAL_TREE_NODE_LIMIT,
      });
    const history = q.historyRead(db);
    const page = (viewer: string, level?: number) => () =>
      history(viewer, { maxLevel: 15, level, limit: 10, offset: 0 });
    // The same service without the short-lived statistics of large networks: every call counts.
    const uncached = new ReferralsService(db, { cacheCountsFrom: Number.POSITIVE_INFINITY });

    const cases: Case[] = [
      {
        name: `history page 1, top (${fmt(topNetwork)} referrals)`,
        url: '/api/users/referrals/history?page=1&limit=10',
        token: topToken,
        target: TARGETS.history,
        sqlName: 'page (historyRead)',
        sql: page(top.id),
      },
      {
        name: `history page 1, level ${busiestLevel} filter, top`,
        url: `/api/users/referrals/history?page=1&limit=10&level=${busiestLevel}`,
        token: topToken,
        target: TARGETS.history,
        sqlName: 'page (historyRead)',
        sql: page(top.id, busiestLevel),
      },
      {
        name: 'history page 1, top, statistics counted (service)',
        service: () => uncached.history(top.id, { page: 1, limit: 10, maxLevel: 15 }),
        target: TARGETS.history,
        sqlName: 'statistics (levelCounts)',
        sql: () => q.levelCounts(db, top.id, 15),
      },
      {
        name: `history page 1, middle (L${middle.level}, ${fmt(middle.network)} referrals)`,
        url: '/api/users/referrals/history?page=1&limit=10',
        token: middleToken,
        target: TARGETS.history,
        sqlName: 'statistics (levelCounts)',
        sql: () => q.levelCounts(db, middle.id, 15),
      },
      {
        name: 'tree first screen, top',
        url: '/api/users/referral-tree?maxLevels=15',
        token: topToken,
        target: TARGETS.tree,
        sqlName: 'tree walk (walkTree)',
        sql: walk(top.id, 0),
      },
      {
        name: 'tree first screen, top, statistics counted (service)',
        service: () => uncached.tree(top.id, { maxLevels: 15, offset: 0 }),
        target: TARGETS.tree,
        sqlName: 'tree walk (walkTree)',
        sql: walk(top.id, 0),
      },
      {
        name: 'tree first screen, middle',
        url: '/api/users/referral-tree?maxLevels=15',
        token: middleToken,
        target: TARGETS.tree,
        sqlName: 'tree walk (walkTree)',
        sql: walk(middle.id, 0),
      },
      {
        name: `children expansion (L1 member with ${widest.children} children), top`,
        url: `/api/users/referral-tree?maxLevels=15&parentId=${widest.id}&offset=0`,
        token: topToken,
        target: TARGETS.tree,
        sqlName: 'tree walk (walkTree)',
        sql: walk(widest.id, 1),
      },
    ];

    const [version] = await rowsOf<{ v: string }>(db, sql`select version() as v`);
    const [paths] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from referral_paths`,
    );
    console.log(
      [
        '',
        `Referral network benchmark: ${iterations} sequential calls per case after ${warmup} warm-up calls`,
        `  ${version?.v.split(',')[0] ?? '?'}; Node ${process.version}; ${cpus().length} cores`,
        `  network: ${fmt(members)} generated members below ${top.email}, ${top.levels} levels deep; ${fmt(topNetwork)} within its 15 levels; ${fmt(paths?.n ?? 0)} closure rows in the database`,
        `  middle member: level ${middle.level} below the top, ${fmt(middle.network)} referrals; expansion: the top's level-1 member with the most children (${widest.children})`,
        '',
      ].join('\n'),
    );

    const header = ['case', 'p50', 'p95', 'target', 'main SQL', 'SQL p50', 'SQL p95', 'call/SQL'];
    const rows: string[][] = [];
    let failed = 0;
    for (const c of cases) {
      const run = c.service ?? (() => callApi(app, c));
      await run();
      const api = await measure(run, iterations, warmup);
      const raw = await measure(c.sql, iterations, warmup);
      const ok = api.p95 <= c.target;
      if (!ok) failed += 1;
      rows.push([
        c.name,
        ms(api.p50),
        ms(api.p95),
        `<= ${c.target} ${ok ? 'ok' : 'MISSED'}`,
        c.sqlName,
        ms(raw.p50),
        ms(raw.p95),
        `${(api.p50 / raw.p50).toFixed(2)}x`,
      ]);
    }
    printTable(header, rows);
    console.log(
      failed === 0
        ? '\nEvery case is within its p95 target.'
        : `\n${failed} case(s) missed their p95 target.`,
    );
  } finally {
    await app.close();
    await composition.close();
    await database.close();
  }
}

/** The newest generated network of at least `members` members, with its depth. */
async function findNetwork(db: Db, members: number) {
  const top = await findGeneratedNetwork(db, members);
  if (!top) return undefined;
  const [depth] = await rowsOf<{ levels: number }>(
    db,
    sql`with recursive d(id, lvl) as (
          select ${top.id}::uuid, 0
          union all
          select u.id, d.lvl + 1 from users u join d on u.referred_by = d.id)
        select max(lvl)::int as levels from d`,
  );
  return { ...top, levels: depth?.levels ?? 0 };
}

/**
 * The member on `level` below the top with the largest network: "a member in the middle". An
 * active one: the generated network has locked and disabled members too, and their sessions
 * are refused (the run would measure 401 answers).
 */
async function pickMiddle(db: Db, topId: string, level: number) {
  const [row] = await rowsOf<{ id: string; network: number }>(
    db,
    sql`select rp.descendant as id,
               (select count(*)::int from referral_paths d where d.ancestor = rp.descendant) as network
          from referral_paths rp join users u on u.id = rp.descendant and u.status = 'ACTIVE'
         where rp.ancestor = ${topId} and rp.depth = ${level}
         order by network desc limit 1`,
  );
  if (!row) throw new Error(`nobody on level ${level}`);
  return { ...row, level };
}

async function pickWidest(db: Db, topId: string) {
  const [row] = await rowsOf<{ id: string; children: number }>(
    db,
    sql`select rp.descendant as id,
               (select count(*)::int from referral_paths c
                 where c.ancestor = rp.descendant and c.depth = 1) as children
          from referral_paths rp where rp.ancestor = ${topId} and rp.depth = 1
         order by children desc limit 1`,
  );
  if (!row) throw new Error('the top member has no referrals');
  return row;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function callApi(app: FastifyInstance, c: Case): Promise<void> {
  const response = await app.inject({
    method: 'GET',
    url: c.url ?? '',
    headers: auth(c.token ?? ''),
  });
  if (response.statusCode !== 200)
    throw new Error(`${c.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
}

async function measure(fn: () => Promise<unknown>, iterations: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const fmt = (n: number) => n.toLocaleString('en-US');

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
