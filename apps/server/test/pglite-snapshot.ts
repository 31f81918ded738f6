// Vitest global setup of the server's projects: one in-memory PGlite, migrated, dumped to a
// file once per run. Every test file on PGlite starts from a copy of it (createTestApp), which
// takes about a second instead of the three to four of initdb in WebAssembly; `migrate` still
// runs on the copy and finds nothing to do. On PostgreSQL (DATABASE_URL) nothing is made.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped data directory of a migrated PGlite; null on PostgreSQL. */
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env['DATABASE_URL']?.startsWith('postgres')) {
    project.provide('pgliteSnapshot', null);
    return undefined;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrate(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const path = join(tmpdir(), `ctn-pglite-${process.pid}-${project.name}.tar`);
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', path);
    return () => rmSync(path, { force: true });
  } finally {
    await database.close();
  }
}
