import { sql } from 'drizzle-orm';
import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig, usingPostgres } from '../../test/test-app';
import { openDatabase, rowsOf, type Database } from './client';
import { preparedRead } from './prepared';
import { isoOfTimestamptz, timestamptzOf } from './type-parsers';

/**
 * Dates and times read the same on both drivers and every path (db/type-parsers.ts). The suite
 * runs on PGlite, and on PostgreSQL with DATABASE_URL: each run proves the driver in use.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  database = await openDatabase(testConfig(fresh.url).database);
}, 30_000);
afterAll(async () => {
  await database.close();
  await drop();
});

interface TimeRow {
  instant: Date;
  naive: Date;
  day: string;
  missing: Date | null;
}

const TIMES = `select '2026-11-27 09:30:00.123+00'::timestamptz as instant,
                      '2026-11-27 09:30:00.123'::timestamp as naive,
                      '2026-11-27'::date as day, null::timestamptz as missing`;

/** A table of the test's own, for the query builder's reading of a timestamptz column. */
const stamps = pgTable('type_parser_stamps', {
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const EXPECTED: TimeRow = {
  instant: new Date('2026-11-27T09:30:00.123Z'),
  naive: new Date('2026-11-27T09:30:00.123Z'),
  day: '2026-11-27',
  missing: null,
};

describe(`dates and times on ${usingPostgres() ? 'PostgreSQL (pg)' : 'PGlite'}`, () => {
  it('raw sql: timestamptz and timestamp (as UTC) are Dates, a date stays its text', async () => {
    const [row] = await rowsOf<TimeRow>(database.db, sql.raw(TIMES));
    expect(row?.instant).toBeInstanceOf(Date);
    expect(row?.naive).toBeInstanceOf(Date);
    expect(row).toEqual(EXPECTED);
  });

  it('raw sql: an instant written in any session time zone is the same Date', async () => {
    const [row] = await database.db.transaction(async (tx) => {
      // PostgreSQL then writes offsets like +05:30 in the text the parser reads.
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      return rowsOf<{ instant: Date }>(
        tx,
        sql`select '2026-11-27 09:30:00.123+00'::timestamptz as instant`,
      );
    });
    expect(row?.instant).toEqual(EXPECTED.instant);
  });

  it('a prepared read (the driver without drizzle) reads them the same', async () => {
    const read = preparedRead<TimeRow, []>(database.db, 'test_type_parsers_times', TIMES);
    expect(await read()).toEqual([EXPECTED]);
  });

  it('raw sql and the query builder read a column alike', async () => {
    await database.db.execute(sql`create table type_parser_stamps (at timestamptz not null)`);
    await database.db.insert(stamps).values({ at: EXPECTED.instant });
    const built = await database.db.select().from(stamps);
    const raw = await rowsOf<{ at: Date }>(database.db, sql`select at from type_parser_stamps`);
    expect(raw).toEqual(built);
    expect(raw).toEqual([{ at: EXPECTED.instant }]);
  });

  it("the fast reading of a timestamptz agrees with pg's parser on every text the database writes", async () => {
    const pgReading = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (t: string) => Date;
    // Microseconds since 1970 from year 1 to 9999, and a few that need the slow path's care.
    const micros = [
      ...fc.sample(
        fc.bigInt({ min: -62_135_596_800_000_000n, max: 253_402_300_799_999_999n }),
        300,
      ),
      // PostgreSQL drops a fraction's trailing zeros: .1, .12, .123, none at all.
      1_700_000_000_100_000n,
      1_700_000_000_120_000n,
      1_700_000_000_123_000n,
      1_700_000_000_000_000n,
    ];
    const texts = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      const utc = await rowsOf<{ t: string }>(
        tx,
        sql`select (timestamptz 'epoch' + m * interval '1 microsecond')::text as t
              from unnest(string_to_array(${micros.join(',')}, ',')::bigint[]) m`,
      );
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      const other = await rowsOf<{ t: string }>(
        tx,
        sql`select t::text as t from unnest(array['2026-11-27 09:30:00.123456+00',
              '0044-03-15 12:00:00+00 BC', '0099-01-01 00:00:00+00', 'infinity']::timestamptz[]) t`,
      );
      return [...utc, ...other].map((r) => r.t);
    });
    expect(texts).toContain('0099-01-01 05:53:28+05:53:28');
    for (const text of texts) expect([text, timestamptzOf(text)]).toEqual([text, pgReading(text)]);
    // The ISO text written straight from the column's text is the one the Date would write.
    const instants = texts.filter((text) => text !== 'infinity');
    expect(instants.length).toBe(texts.length - 1);
    for (const text of instants) {
      expect([text, isoOfTimestamptz(text)]).toEqual([text, pgReading(text).toISOString()]);
    }
  });
});
