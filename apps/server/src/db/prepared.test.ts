import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig, usingPostgres } from '../../test/test-app';
import { openDatabase, rowsOf, type Database } from './client';
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
}
const SETTINGS = `select current_setting('plan_cache_mode') as mode,
                        current_setting('max_parallel_workers_per_gather') as workers`;

describe.runIf(usingPostgres())('prepared reads on PostgreSQL', () => {
  it('run on sessions that plan once, without parallel workers; other queries keep the defaults', async () => {
    const read = preparedRead<Settings, []>(database.db, 'test_prepared_settings', SETTINGS);
    expect(await read()).toEqual([{ mode: 'force_generic_plan', workers: '0' }]);
    const [builder] = await rowsOf<Settings>(database.db, sql.raw(SETTINGS));
    expect(builder?.mode).toBe('auto');
    expect(builder?.workers).not.toBe('0');
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
