import { preparedReadClient, type Db } from './client';
import { PreparedStatement } from './prepared-execution';

/**
 * A hot read as a named prepared statement with no query builder and no row mapping: PostgreSQL
 * plans it once per connection (on the pool of sessions that plan once, db/client.ts), and the
 * driver's rows (timestamps as Date, int8 as string, as both drivers answer) are the result; on
 * pg each session also describes its rows once (PreparedStatement, decision 034). For the reads
 * every page makes (docs/performance.md, "Load"); the rest of the server keeps the builder.
 * Columns come aliased to the row type's names in `text`. Call it on the top-level database,
 * not inside a transaction.
 */
export function preparedRead<Row, Args extends unknown[]>(
  db: Db,
  name: string,
  text: string,
): (...args: Args) => Promise<Row[]> {
  const client = preparedReadClient(db);
  if ('waitReady' in client) {
    const lite = client;
    return async (...args) => (await lite.query<Row>(text, args)).rows;
  }
  const pool = client;
  const statement = new PreparedStatement<Row>(name, text);
  return (...args) => statement.read(pool, args);
}

/** A condition of a filtered read: kept only when its value is given. */
export interface OptionalCondition {
  /** Names the condition in the statement's name. */
  key: string;
  /** The condition, given its parameter ($n). */
  sql: (param: string) => string;
  value: unknown;
}

/**
 * A hot read with optional filters: one named prepared statement per shape (the filters given),
 * made the first time that shape is read. A single statement with "$2 is null or type = $2"
 * would be planned afresh on every execution (PostgreSQL judges a generic plan of it worse than
 * a custom one), which costs more than running it. `textOf` gets the WHERE clause and the number
 * of the first parameter after the conditions' (for LIMIT and OFFSET, say).
 */
export function preparedFiltered<Row>(
  db: Db,
  name: string,
  textOf: (where: string, next: number) => string,
): (
  required: { sql: string; value: unknown }[],
  optional: OptionalCondition[],
  trailing: unknown[],
) => Promise<Row[]> {
  const reads = new Map<string, (...args: unknown[]) => Promise<Row[]>>();
  return (required, optional, trailing) => {
    const args: unknown[] = required.map((r) => r.value);
    const parts = required.map((r) => r.sql);
    let shape = '';
    for (const o of optional) {
      if (o.value === undefined || o.value === null) continue;
      args.push(o.value);
      parts.push(o.sql(`$${args.length}`));
      shape += o.key;
    }
    let read = reads.get(shape);
    if (!read) {
      read = preparedRead<Row, unknown[]>(
        db,
        shape ? `${name}_${shape}` : name,
        textOf(parts.length > 0 ? parts.join(' and ') : 'true', args.length + 1),
      );
      reads.set(shape, read);
    }
    return read(...args, ...trailing);
  };
}
