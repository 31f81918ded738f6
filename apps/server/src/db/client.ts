import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import { listenTo, type ChangeFeed } from './change-feed';
import { schema, type Schema } from './schema';
import { parseRawColumns, PG_TYPES, TYPE_PARSERS, type ColumnType } from './type-parsers';

/** A database or a transaction: queries take either, so a service decides the boundaries. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs `fn` with a connection that holds a session-level advisory lock (a no-op lock on PGlite). */
  withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * The notifications of a channel, on every instance (PostgreSQL); null on PGlite, whose one
   * process has nobody else to hear from. One feed per channel, closed with the database.
   */
  changes(channel: string): ChangeFeed | null;
  /** Every feed has handed its subscribers what was committed before the call (ChangeFeed.sync). */
  syncChanges(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The sessions of the prepared hot reads (db/prepared.ts) plan each statement once. By default
 * PostgreSQL plans a prepared statement afresh on every execution whenever it judges the generic
 * plan dearer than a plan for the given values: it did for the rewards list and the admin list,
 * whose planning (0.3-0.45 ms) cost more than running them (0.1-0.2 ms), though the generic plan
 * is the same index walk (docs/performance.md, "Load"). No hot read wants a parallel plan: a
 * generic plan does not know its LIMIT and, allowed workers, the admin list's took 100 ms. Nor a
 * Memoize node: sized for the rows the plan expects without its LIMIT, the admin list's cache of
 * referrers was a hash table of tens of thousands of entries made for ten rows on every
 * execution (pgbench, the admin list's statement: 9,000-9,700 -> 12,500-13,600 per second
 * without it; the rewards list's the same either way).
 */
const PLANNED_ONCE =
  '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c enable_memoize=off';

/**
 * Sessions per process for the prepared reads (decision 032). A read holds its session for a
 * fraction of a millisecond, so two keep a worker's queries flowing; more only let PostgreSQL
 * backends crowd the cores the workers need (bench:load: 20-30% less PostgreSQL CPU per read
 * with two than with ten). What waits, waits in the pool's queue, in order.
 */
const PREPARED_READ_SESSIONS = 2;

/** The pool of each PostgreSQL database's prepared reads (its sessions plan once). */
const preparedReadPools = new WeakMap<Db, pg.Pool>();

/** Where a prepared read of `db` runs: its own pool on PostgreSQL, PGlite's one connection. */
export function preparedReadClient(db: Db): pg.Pool | PGlite {
  return preparedReadPools.get(db) ?? (db as unknown as { $client: pg.Pool | PGlite }).$client;
}

/** Opens PGlite (embedded, in a folder or in memory) or a PostgreSQL pool. */
export async function openDatabase(
  target: DatabaseTarget,
  options: {
    /**
     * Tests: an in-memory PGlite starts as a copy of this data directory (a migrated database
     * dumped by PGlite's dumpDataDir) instead of running initdb (test/pglite-snapshot.ts).
     */
    pgliteSnapshot?: Blob;
  } = {},
): Promise<Database> {
  if (target.kind === 'pglite') {
    const client =
      target.dataDir !== null
        ? new PGlite(target.dataDir, { parsers: TYPE_PARSERS })
        : new PGlite({
            parsers: TYPE_PARSERS,
            ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
          });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      // PGlite is a single connection: nothing else can run concurrently.
      withLock: (_key, fn) => fn(db),
      changes: () => null,
      syncChanges: async () => undefined,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10, types: PG_TYPES });
  const readPool = new pg.Pool({
    connectionString: target.url,
    max: PREPARED_READ_SESSIONS,
    types: PG_TYPES,
    options: PLANNED_ONCE,
  });
  for (const p of [pool, readPool]) {
    // An idle connection can be closed by the server (restart, failover, admin command). The
    // pool replaces it; without a listener the error would end the process.
    p.on('error', (err) => {
      console.warn(`PostgreSQL closed an idle connection: ${err.message}`);
    });
  }
  // bigint stays exact as a string (pg's default); dates and times as TYPE_PARSERS says.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  preparedReadPools.set(db, readPool);
  const feeds = new Map<string, ChangeFeed>();
  return {
    db,
    driver: 'postgres',
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(conn, { schema }));
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    changes(channel) {
      let feed = feeds.get(channel);
      if (!feed) {
        feed = listenTo(target.url, channel);
        feeds.set(channel, feed);
      }
      return feed;
    },
    async syncChanges() {
      await Promise.all([...feeds.values()].map((f) => f.sync()));
    },
    async close() {
      await Promise.all([...feeds.values()].map((f) => f.close()));
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

/** Round-trip time of a trivial query, for the health check. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

/**
 * Rows of a raw SQL statement, of the row type the caller names (decision 029). Nothing can
 * check that type against the SQL, so it is always written out: `T` is never inferred from where
 * the rows go (NoInfer), and without it the rows are `unknown`. Timestamps are Dates and dates
 * 'YYYY-MM-DD' on both drivers (db/type-parsers.ts), as the query builder and the prepared reads
 * give them.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<NoInfer<T>[]> {
  // Both drivers answer with the rows and their columns' types.
  const { rows, fields } = (await db.execute<Record<string, unknown>>(query)) as {
    rows: Record<string, unknown>[];
    fields: ColumnType[];
  };
  parseRawColumns(rows, fields);
  return rows as T[];
}
