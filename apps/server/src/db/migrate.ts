import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ADVISORY_LOCKS } from './advisory-locks';
import { rowsOf, type Database, type Db } from './client';
import type { Schema } from './schema';

/**
 * Applies the committed SQL migrations. Beside this file in the sources, beside main.js in the
 * bundle (the build copies them). Several instances starting at once take turns on a lock.
 */
export async function migrate(database: Database, folder = defaultFolder()): Promise<void> {
  await database.withLock(ADVISORY_LOCKS.migrations, async (db) => {
    if (database.driver === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    } else {
      await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
    }
  });
}

/** The committed migrations against those a database has applied (read only). */
export interface MigrationState {
  /** Committed migrations the next start applies, by tag. */
  pending: string[];
  /** Migrations the database has applied that this build does not have (a newer build ran). */
  unknown: number;
  applied: number;
}

/**
 * Which committed migrations a database still lacks, decided as drizzle's migrator decides it:
 * every migration newer than the newest one applied runs (drizzle.__drizzle_migrations).
 */
export async function migrationState(db: Db, folder = defaultFolder()): Promise<MigrationState> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  const applied = table?.exists
    ? await rowsOf<{ createdAt: string }>(
        db,
        sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations`,
      )
    : [];
  const times = applied.map((row) => Number(row.createdAt));
  const newest = Math.max(0, ...times);
  const newestCommitted = Math.max(0, ...journal.entries.map((e) => e.when));
  return {
    pending: journal.entries.filter((e) => e.when > newest).map((e) => e.tag),
    unknown: times.filter((t) => t > newestCommitted).length,
    applied: applied.length,
  };
}

function defaultFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}
