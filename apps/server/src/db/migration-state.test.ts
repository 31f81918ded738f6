import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrate, migrationState } from './migrate';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };

describe('migrationState', () => {
  it('reads what the next start applies, as drizzle decides it, without applying anything', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const tags = journal.entries.map((e) => e.tag);
      expect(await migrationState(database.db)).toEqual({ pending: tags, unknown: 0, applied: 0 });
      // Read twice: the first read created nothing (no drizzle schema, no table).
      expect((await migrationState(database.db)).pending).toHaveLength(tags.length);
      await migrate(database);
      expect(await migrationState(database.db)).toEqual({
        pending: [],
        unknown: 0,
        applied: tags.length,
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});
