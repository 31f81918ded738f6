import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client';

/**
 * A hot read as a named prepared statement with no query builder and no row mapping: PostgreSQL
 * plans it once per connection, and the driver's rows (timestamps as Date, int8 as string, as
 * both drivers answer) are the result. For the reads every page makes (docs/performance.md,
 * "Load"); the rest of the server keeps the builder. Columns come aliased to the row type's
 * names in `text`. Call it on the top-level database, not inside a transaction.
 */
export function preparedRead<Row, Args extends unknown[]>(
  db: Db,
  name: string,
  text: string,
): (...args: Args) => Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('waitReady' in client) {
    const lite = client;
    return async (...args) => (await lite.query<Row>(text, args)).rows;
  }
  const pool = client;
  return async (...args) =>
    (await pool.query<Row & pg.QueryResultRow>({ name, text, values: args })).rows;
}
