import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  CSV_MAX_ROWS,
  csvCell,
  csvExport,
  csvFilename,
  csvHeaders,
  csvLine,
  csvNumber,
  pagesOf,
  type CsvColumn,
} from './csv';

async function text(body: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk;
  return out;
}

describe('csv cells', () => {
  it('quotes per RFC 4180 only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralises formula injection with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    // Only at the start.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps unicode as it is', () => {
    expect(csvCell('Zoë Ångström')).toBe('Zoë Ångström');
    expect(csvCell('李雷, 韩梅梅')).toBe('"李雷, 韩梅梅"');
    expect(csvCell('🚀 rocket')).toBe('🚀 rocket');
    expect(csvLine(['Ünïcödé', '名前'])).toBe('Ünïcödé,名前\r\n');
  });

  it('writes numbers as plain decimals with at most 6 decimals, never neutralised', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(0.000001)).toBe('0.000001');
    expect(csvCell(0.1 + 0.2)).toBe('0.3');
    expect(csvCell(1234567.123456)).toBe('1234567.123456');
    expect(csvCell(-5.25)).toBe('-5.25');
    expect(csvNumber(1e-7)).toBe('0');
    expect(csvNumber(Number.NaN)).toBe('');
  });

  it('writes booleans and dates', () => {
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21T10:00:00.000Z');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('csv exports', () => {
  const columns: CsvColumn<{ n: number; name: string }>[] = [
    { header: 'N', value: (r) => r.n },
    { header: 'Name', value: (r) => r.name },
  ];
  const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ n: from + i, name: `row ${from + i}` }));

  it('names the file after the list and the UTC day', () => {
    expect(csvFilename('users', new Date('2026-11-21T23:30:00Z'))).toBe('users-2026-11-21.csv');
    expect(csvHeaders('users-2026-11-21.csv')).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="users-2026-11-21.csv"',
    });
  });

  it('reads page after page until the counted rows are written', async () => {
    const reads: [number, number][] = [];
    const pages = pagesOf(
      rows(0, 3),
      8,
      async (offset, limit) => {
        reads.push([offset, limit]);
        return rows(offset, Math.min(limit, 10 - offset));
      },
      3,
    );
    const seen: number[] = [];
    for await (const page of pages) seen.push(...page.map((r) => r.n));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(reads).toEqual([
      [3, 3],
      [6, 3],
    ]);
  });

  it('writes the header and every row', async () => {
    const csv = csvExport(
      'things',
      columns,
      { rows: rows(1, 2), total: 2 },
      () => {
        throw new Error('no second page');
      },
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(csv).toMatchObject({ filename: 'things-2026-11-21.csv', rows: 2 });
    expect(await text(csv.body)).toBe('N,Name\r\n1,row 1\r\n2,row 2\r\n');
  });

  it('refuses a filter matching more than the maximum, asking to narrow it', () => {
    const refuse = () =>
      csvExport('things', columns, { rows: [], total: CSV_MAX_ROWS + 1 }, async () => []);
    expect(refuse).toThrow(AppError);
    expect(refuse).toThrow(/at most 100,000.*Narrow the filters/);
    expect(() =>
      csvExport('things', columns, { rows: [], total: CSV_MAX_ROWS }, async () => []),
    ).not.toThrow();
  });
});
