import pg from 'pg';

/** A column's text as PostgreSQL sends it, read into the value the server works with. */
type TypeParser = (text: string) => unknown;

/** What a driver reports of a result's columns (pg's FieldDef and PGlite's fields both have it). */
export interface ColumnType {
  name: string;
  dataTypeID: number;
}

const { TIMESTAMPTZ, TIMESTAMP, DATE } = pg.types.builtins;

/** pg's parsers, typed: pg-types declares them as returning `any`. */
const pgParser = (id: number, format?: 'text' | 'binary') =>
  pg.types.getTypeParser(id, format) as TypeParser;

/** pg's reading of timestamptz: every offset PostgreSQL writes (seconds, BC) included. */
const pgTimestamptzOf = pgParser(TIMESTAMPTZ) as (text: string) => Date;

const PLUS = 43;
const ZERO = 48;
const SPACE = 32;
const DOT = 46;

/** Whether the text is what a UTC session writes: 'YYYY-MM-DD HH:MM:SS[.ffffff]+00'. */
function isUtcText(text: string, n: number): boolean {
  return (
    n >= 22 &&
    text.charCodeAt(10) === SPACE &&
    text.charCodeAt(n - 3) === PLUS &&
    text.charCodeAt(n - 2) === ZERO &&
    text.charCodeAt(n - 1) === ZERO
  );
}

/**
 * A timestamptz as a Date. What a UTC session writes, 'YYYY-MM-DD HH:MM:SS[.ffffff]+00', is read
 * as the ISO form it nearly is, in 40% less time than pg's parser (a page of the hot reads
 * carries tens of them: issue 16); any other text (another offset, BC, a year past 9999,
 * infinity) goes to pg's parser.
 */
export function timestamptzOf(text: string): Date {
  const n = text.length;
  if (isUtcText(text, n)) {
    const time = Date.parse(`${text.slice(0, 10)}T${text.slice(11, n - 3)}Z`);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return pgTimestamptzOf(text);
}

/**
 * A timestamptz column selected `::text`: PostgreSQL's own text of the instant, for an answer
 * that only writes it (isoOfTimestamptz), never compares it.
 */
export type TimestamptzText = string;

/**
 * A timestamptz's text (a column selected `::text`) as the API writes an instant, the ISO form of
 * toISOString (lib/values toIso), without a Date in between: UTC text is rewritten in place, its
 * fraction cut to milliseconds as a Date would cut it, 13 times faster than reading a Date and
 * writing it back (a page of the admin users list or the rewards list writes 20 of them: issue
 * 16). Any other text goes through timestamptzOf.
 */
export function isoOfTimestamptz(text: TimestamptzText): string {
  const n = text.length;
  if (isUtcText(text, n)) {
    const day = text.slice(0, 10);
    const time = text.slice(11, 19);
    if (n === 22) return `${day}T${time}.000Z`;
    if (text.charCodeAt(19) === DOT)
      return `${day}T${time}.${`${text.slice(20, n - 3)}00`.slice(0, 3)}Z`;
  }
  return timestamptzOf(text).toISOString();
}

export function isoOfTimestamptzOrNull(text: TimestamptzText | null): string | null {
  return text === null ? null : isoOfTimestamptz(text);
}

/**
 * How the server reads the column types whose JavaScript form is a choice, the same on both
 * drivers and on every path (query builder, raw `sql` through rowsOf, prepared reads):
 * - timestamptz is a Date;
 * - timestamp (no column has one; an expression may) is a Date read as UTC, as the query builder
 *   reads it (pg alone would read it in the process's zone);
 * - date stays its 'YYYY-MM-DD' text: the schema's dates are calendar days (mode 'string'), which
 *   a Date would pin to a midnight of some zone.
 */
export const TYPE_PARSERS: Readonly<Record<number, TypeParser>> = {
  [TIMESTAMPTZ]: timestamptzOf,
  [TIMESTAMP]: (text) => timestamptzOf(`${text}+00`),
  [DATE]: (text) => text,
};

/** TYPE_PARSERS as a pg pool's `types`; pg's own parsers for every other type. */
export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (id, format) =>
    (format === 'binary' ? undefined : TYPE_PARSERS[id]) ?? pgParser(id, format),
};

/**
 * Applies TYPE_PARSERS to the rows of a raw statement run through drizzle's `execute`, in place:
 * on both drivers drizzle replaces the driver's parsers of the date and time types with its own
 * that keep PostgreSQL's text (its query builder parses that text per column), so without this a
 * raw timestamp would be a string like '2026-11-27 09:30:00.123+00'. Columns are found by the
 * type PostgreSQL reports for them, never by name.
 */
export function parseRawColumns(
  rows: readonly Record<string, unknown>[],
  columns: readonly ColumnType[],
): void {
  const parsed = columns.flatMap((c) => {
    const parse = TYPE_PARSERS[c.dataTypeID];
    return parse ? [{ name: c.name, parse }] : [];
  });
  if (parsed.length === 0) return;
  for (const row of rows) {
    for (const { name, parse } of parsed) {
      const text = row[name];
      if (typeof text === 'string') row[name] = parse(text);
    }
  }
}
