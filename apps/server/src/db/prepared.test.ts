import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig, usingPostgres } from '../../test/test-app';
import type pg from 'pg';
import { openDatabase, preparedReadClient, rowsOf, type Database } from './client';
import { migrate } from './migrate';
import { preparedRead } from './prepared';

/**
 * The hot reads are planned once per session (db/client.ts): on PostgreSQL they run on sessions
 * that never re-plan a prepared statement and never plan parallel workers, while the rest of the
 * server keeps PostgreSQL's defaults.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  database = await openDatabase(testConfig(fresh.url).database);
  await migrate(database);
}, 30_000);
afterAll(async () => {
  await database.close();
  await drop();
});

interface Settings {
  mode: string;
  workers: string;
  memoize: string;
}
const SETTINGS = `select current_setting('plan_cache_mode') as mode,
                        current_setting('max_parallel_workers_per_gather') as workers,
                        current_setting('enable_memoize') as memoize`;

describe.runIf(usingPostgres())('prepared reads on PostgreSQL', () => {
  it('run on sessions that plan once, without parallel workers or Memoize; other queries keep the defaults', async () => {
    const read = preparedRead<Settings, []>(database.db, 'test_prepared_settings', SETTINGS);
    expect(await read()).toEqual([{ mode: 'force_generic_plan', workers: '0', memoize: 'off' }]);
    const [builder] = await rowsOf<Settings>(database.db, sql.raw(SETTINGS));
    expect(builder?.mode).toBe('auto');
    expect(builder?.workers).not.toBe('0');
    expect(builder?.memoize).toBe('on');
  });

  it('a statement read many times is planned once, never for its values', async () => {
    // The shape of the rewards list: a member's newest lines, LIMIT and OFFSET as parameters.
    // With PostgreSQL's default it was planned afresh on every execution (docs/performance.md).
    const page = preparedRead<{ id: string }, [string, number, number]>(
      database.db,
      'test_prepared_page',
      `select id from rewards where user_id = $1
        order by created_at desc, id desc limit $2 offset $3`,
    );
    const member = '00000000-0000-4000-8000-000000000001';
    // One at a time: the pool hands the same idle session back, so the counts below are its.
    for (let i = 0; i < 8; i++) await page(member, 10, 0);
    const plans = preparedRead<{ generic: string; custom: string }, [string]>(
      database.db,
      'test_prepared_plans',
      `select generic_plans::text as generic, custom_plans::text as custom
         from pg_prepared_statements where name = $1`,
    );
    const [counted] = await plans('test_prepared_page');
    expect(counted).toEqual({ generic: '8', custom: '0' });
  });
});

describe.runIf(usingPostgres())('a prepared read on pg (PreparedStatement)', () => {
  /** Counts what each session of the prepared reads' pool is asked to describe. */
  function countDescribes() {
    const pool = preparedReadClient(database.db) as pg.Pool;
    let described = 0;
    const counting = new WeakSet<object>();
    const watch = (client: pg.PoolClient) => {
      const connection = (client as unknown as { connection: { describe(...a: unknown[]): void } })
        .connection;
      if (counting.has(connection)) return;
      counting.add(connection);
      const describe = connection.describe.bind(connection);
      connection.describe = (...a: unknown[]) => {
        described += 1;
        describe(...a);
      };
    };
    return {
      /** Watches every session the pool holds now (reads run one at a time reuse them). */
      async watchSessions() {
        const held = await Promise.all([pool.connect(), pool.connect()]);
        for (const client of held) {
          watch(client);
          client.release();
        }
      },
      count: () => described,
    };
  }

  it('describes its rows once per session, then reads them from that description', async () => {
    const read = preparedRead<Record<string, unknown>, [string, Date, number[] | null]>(
      database.db,
      'test_prepared_described_once',
      `select $1::text as label, $2::timestamptz as "at", '2026-11-27'::date as day,
              9007199254740993::int8 as big, $3::int[] as list, null::text as "nothing",
              true as yes, 1.5::numeric as ratio`,
    );
    const counter = countDescribes();
    await counter.watchSessions();
    const at = new Date('2026-11-27T09:30:00.123Z');
    const expected = {
      label: 'a "quoted" label',
      at,
      day: '2026-11-27',
      big: '9007199254740993',
      list: [1, 2],
      nothing: null,
      yes: true,
      ratio: '1.5',
    };
    for (let i = 0; i < 6; i++) {
      expect(await read('a "quoted" label', at, [1, 2])).toEqual([expected]);
    }
    // Two sessions at most: one description each, not one per execution.
    expect(counter.count()).toBeGreaterThan(0);
    expect(counter.count()).toBeLessThanOrEqual(2);
    expect(await read('x', at, null)).toEqual([{ ...expected, label: 'x', list: null }]);
    // Many rows, and none.
    const series = preparedRead<{ n: number }, [number]>(
      database.db,
      'test_prepared_series',
      'select n from generate_series(1, $1::int) n',
    );
    expect((await series(500)).map((r) => r.n)).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
    expect(await series(0)).toEqual([]);
  });

  it('answers an error as a failed read, and the next read on the pool still answers', async () => {
    const divide = preparedRead<{ q: number }, [number]>(
      database.db,
      'test_prepared_divide',
      'select 10 / $1::int as q',
    );
    expect(await divide(2)).toEqual([{ q: 5 }]);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    await expect(Promise.all([divide(0), divide(5), divide(0)])).rejects.toThrow(/division/);
    expect(await Promise.all([divide(5), divide(1)])).toEqual([[{ q: 2 }], [{ q: 10 }]]);
  });

  it('fails a read whose columns a schema change altered, and reads them anew after', async () => {
    await rowsOf(database.db, sql.raw('create table test_prepared_shape (a int)'));
    await rowsOf(database.db, sql.raw('insert into test_prepared_shape values (1)'));
    const read = preparedRead<Record<string, unknown>, []>(
      database.db,
      'test_prepared_shape_read',
      'select * from test_prepared_shape',
    );
    expect(await Promise.all([read(), read()])).toEqual([[{ a: 1 }], [{ a: 1 }]]);
    await rowsOf(
      database.db,
      sql.raw("alter table test_prepared_shape add column b text default 'x'"),
    );
    // Each session that had it prepared fails once and is dropped; no stale row shape is served.
    const answers = await Promise.allSettled([read(), read(), read(), read()]);
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value).toEqual([{ a: 1, b: 'x' }]);
      else expect(String(answer.reason)).toMatch(/cached plan must not change result type/);
    }
    expect(await read()).toEqual([{ a: 1, b: 'x' }]);
    expect(await read()).toEqual([{ a: 1, b: 'x' }]);
  });
});

describe.skipIf(usingPostgres())('prepared reads on PGlite', () => {
  it('run on its one connection', async () => {
    const read = preparedRead<{ answer: number }, [number]>(
      database.db,
      'test_prepared_lite',
      'select $1::int + 1 as answer',
    );
    expect(await read(41)).toEqual([{ answer: 42 }]);
  });
});
