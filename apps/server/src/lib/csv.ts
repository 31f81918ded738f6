import { Readable } from 'node:stream';
import { z } from 'zod';
import { validationError, type AppError } from './app-error';

/**
 * CSV exports of the admin lists (beyond the spec): RFC 4180 text (CRLF, quoting where needed),
 * numbers as plain decimals, dates as ISO-8601, and text cells neutralised against spreadsheet
 * formula injection. Rows are read in pages so an export's memory stays bounded.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** An export ready to stream: its file name, row count and body (header line first). */
export interface CsvExport {
  filename: string;
  rows: number;
  body: AsyncIterable<string>;
}

/** The most rows one export holds; a broader filter is refused (narrow it). */
export const CSV_MAX_ROWS = 100_000;
/** Rows read per query while exporting. */
export const CSV_PAGE_SIZE = 5_000;

/** Characters a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A plain decimal with at most 6 decimals (USDT amounts), never in exponent notation. */
export function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** One cell: text is neutralised (a leading apostrophe) and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The header line and one line per row, a page of rows per chunk. */
export async function* csvLines<T>(
  columns: readonly CsvColumn<T>[],
  pages: AsyncIterable<readonly T[]>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield page.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
  }
}

/** `users` -> `users-2026-11-21.csv` (the UTC day of `now`). */
export function csvFilename(list: string, now: Date = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Every page of a list: `first` is the page already read (to count the rows before answering),
 * the others are read on demand, `pageSize` at a time, until `total` rows have been produced or
 * a page comes back short.
 */
export async function* pagesOf<T>(
  first: readonly T[],
  total: number,
  read: (offset: number, limit: number) => Promise<readonly T[]>,
  pageSize: number = CSV_PAGE_SIZE,
): AsyncGenerator<readonly T[]> {
  yield first;
  let produced = first.length;
  let last = first.length;
  while (produced < total && last === pageSize) {
    const page = await read(produced, pageSize);
    yield page.length > total - produced ? page.slice(0, total - produced) : page;
    produced += page.length;
    last = page.length;
  }
}

/** An export refused for its size (VALIDATION_ERROR, 400), asking to narrow the filters. */
export function tooManyRows(rows: number): AppError {
  const count = (n: number) => n.toLocaleString('en-US');
  return validationError([
    {
      field: 'filters',
      message: `The filters match ${count(rows)} rows; an export holds at most ${count(CSV_MAX_ROWS)}. Narrow the filters and try again.`,
    },
  ]);
}

/** The headers of an export's answer: CSV as an attachment (not the JSON envelope). */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  };
}

/**
 * An export of a list: `first` is its first page (`CSV_PAGE_SIZE` rows) with the number of rows
 * the filter matches, `read` reads the following pages. Refused when the filter matches more than
 * `CSV_MAX_ROWS`; nothing past the counted rows is written (rows added meanwhile are left out).
 */
export function csvExport<T>(
  list: string,
  columns: readonly CsvColumn<T>[],
  first: { rows: readonly T[]; total: number },
  read: (offset: number, limit: number) => Promise<readonly T[]>,
  now: Date = new Date(),
): CsvExport {
  if (first.total > CSV_MAX_ROWS) throw tooManyRows(first.total);
  return {
    filename: csvFilename(list, now),
    rows: first.total,
    body: csvLines(columns, pagesOf(first.rows.slice(0, first.total), first.total, read)),
  };
}

/** The body as a stream for the answer: written a page at a time, never held whole. */
export function csvStream(csv: CsvExport): Readable {
  return Readable.from(csv.body);
}

/** The success answer of an export route, for its schema's `response` (the API document). */
export const CSV_EXPORT_RESPONSE = {
  200: {
    description: 'The CSV file (see the description).',
    // The answer is a stream (csvStream), typed as such by the handler: the schema only says so.
    content: { 'text/csv; charset=utf-8': { schema: z.unknown().meta({ type: 'string' }) } },
  },
};

/** The OpenAPI description of an export route. */
export const CSV_EXPORT_DESCRIPTION = `Answers \`text/csv; charset=utf-8\` as an attachment (\`Content-Disposition: attachment; filename="<list>-YYYY-MM-DD.csv"\`), not the JSON envelope: a header row, then one row per record (RFC 4180 quoting, CRLF line ends), amounts in USDT as plain numbers with at most 6 decimals, dates in ISO-8601. A text cell starting with =, +, -, @, tab or CR gets a leading apostrophe so spreadsheets do not run it as a formula. At most ${CSV_MAX_ROWS.toLocaleString('en-US')} rows, read ${CSV_PAGE_SIZE.toLocaleString('en-US')} at a time: a filter matching more is refused with VALIDATION_ERROR (400) asking to narrow it. Failures use the envelope as usual. Each export is recorded in the audit log (DATA_EXPORTED).`;
