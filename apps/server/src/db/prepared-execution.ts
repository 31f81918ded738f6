import pg from 'pg';
import { PG_TYPES } from './type-parsers';

/**
 * The parts of pg's connection that its own Query drives to run a named statement (pg's
 * Submittable contract, the one pg-cursor and pg-query-stream use): @types/pg leaves out the two
 * records of which statements a session has parsed.
 */
interface WireConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(query: { name: string; text: string; types: unknown[] }): void;
  bind(config: {
    statement: string;
    values: unknown[];
    valueMapper: (value: unknown) => unknown;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}

/** A column of a RowDescription message. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
}

/** A column's text into its value (pg-types declares its parsers as returning any). */
type ColumnParser = (text: string) => unknown;

/** A DataRow's columns, as text (or null), into the row object. */
type RowBuilder<Row> = (columns: readonly (string | null)[]) => Row;

/** pg's own conversion of a parameter to its text (Dates, arrays, objects as JSON...). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils;

/** pg's parser of a column it leaves as text (text, uuid, numeric...): the text is the value. */
const TEXT_PARSER = PG_TYPES.getTypeParser(pg.types.builtins.TEXT, 'text') as ColumnParser;

/**
 * A builder of the statement's rows, made once from its RowDescription: an object literal of the
 * columns in order (one hidden class for every row, where pg spreads a dictionary object per
 * row), with each column's parser as PG_TYPES gives it. The names are PostgreSQL's column names,
 * written as JSON string literals, so any name is a safe key.
 */
function rowBuilderOf<Row>(fields: readonly FieldDescription[]): RowBuilder<Row> {
  const parsers = fields.map((f) => PG_TYPES.getTypeParser(f.dataTypeID, 'text') as ColumnParser);
  const entries = fields.map((f, i) => {
    const value =
      parsers[i] === TEXT_PARSER ? `c[${i}]` : `c[${i}] === null ? null : p[${i}](c[${i}])`;
    return `${JSON.stringify(f.name)}: ${value}`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from column names as JSON literals (see above)
  const build = new Function('p', 'c', `return { ${entries.join(', ')} };`) as (
    p: readonly ColumnParser[],
    c: readonly (string | null)[],
  ) => Row;
  return (columns) => build(parsers, columns);
}

/**
 * A named prepared statement of the hot reads on pg (db/prepared.ts). Each session parses it
 * once, as pg's Query does, and, unlike pg's Query, describes its rows once as well: after the
 * first execution on a session an execution is Bind, Execute, Sync, and its rows are built by
 * the builder made from that first description. pg's Query asks PostgreSQL to describe the rows
 * on every execution and makes the row template and parsers afresh from the answer, 6% of the
 * admin users list's CPU (issue 16). A statement's columns cannot change under a session: a
 * schema change that would change them fails the execution ("cached plan must not change
 * result type"), and the pool then drops that session.
 */
export class PreparedStatement<Row> {
  /** Per session (pg's connection object), the rows' builder once described. */
  private readonly described = new WeakMap<object, RowBuilder<Row>>();

  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  /** Runs the statement with `values` on a session of `pool`, which it holds until the answer. */
  read(pool: pg.Pool, values: unknown[]): Promise<Row[]> {
    // pool.query takes any Submittable and answers with what its callback is given (pg-pool).
    return pool.query(new Execution(this, this.described, values)) as unknown as Promise<Row[]>;
  }
}

/** One execution of a PreparedStatement: the Submittable that pg's client drives. */
class Execution<Row> implements pg.Submittable {
  /** Set by pg's client: the pool's, which releases the session and answers the read. */
  callback?: (error: Error | null, rows?: Row[]) => void;
  private readonly rows: Row[] = [];
  private builder: RowBuilder<Row> | undefined;
  /** The session this execution was written to (pg hands it to submit, not to every message). */
  private session: object | undefined;

  constructor(
    private readonly statement: PreparedStatement<Row>,
    private readonly described: WeakMap<object, RowBuilder<Row>>,
    private readonly values: unknown[],
  ) {}

  /** pg's client reads these to record the statement as parsed on the session. */
  get name(): string {
    return this.statement.name;
  }

  get text(): string {
    return this.statement.text;
  }

  submit(connection: pg.Connection): Error | null {
    const wire = connection as unknown as WireConnection;
    const { name, text } = this.statement;
    const parsed = wire.parsedStatements[name] ?? wire.submittedNamedStatements[name];
    if (parsed !== undefined && parsed !== text) {
      return new Error(
        `Prepared statements must be unique - '${name}' was used for a different statement`,
      );
    }
    this.session = connection;
    this.builder = this.described.get(connection);
    // One write for the whole exchange, as pg's Query does.
    wire.stream.cork();
    try {
      if (parsed === undefined) {
        wire.parse({ name, text, types: [] });
        wire.submittedNamedStatements[name] = text;
      }
      wire.bind({ statement: name, values: this.values, valueMapper: prepareValue });
      if (!this.builder) wire.describe({ type: 'P', name: '' });
      wire.execute({ portal: '' });
      wire.sync();
    } finally {
      wire.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    this.builder = rowBuilderOf<Row>(message.fields);
    if (this.session) this.described.set(this.session, this.builder);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    // A DataRow before any description on this session cannot happen: Describe is sent first.
    this.rows.push(this.builder!(message.fields));
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail(
      'A prepared read copies nothing',
    );
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    // pg's client has already cleared this execution; the pool releases (drops) the session.
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    this.callback?.(null, this.rows);
  }
}
