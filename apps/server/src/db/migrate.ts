import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Database } from './client';
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

function defaultFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}
