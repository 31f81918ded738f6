import fc from 'fast-check';
import { nastyString, nastyValue, type Json } from './payloads';
import type { Field } from './route-shapes';

/** Real values of this test app, so some requests get past the lookups to the deeper code. */
export interface FuzzContext {
  ids: string[];
  /** Mailed link tokens (a reset, a verification). */
  tokens: string[];
  userIds: string[];
  emails: string[];
  codes: string[];
  uids: string[];
}

const hex = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
    minLength: length,
    maxLength: length,
  });
// Valid in form, some not in fact: a year 0000 or a 30 February passes a pattern but not the
// database.
const isoDay = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '0000-01-01',
    '0001-01-01',
    '2026-02-30',
    '2026-02-29',
    '2024-02-29',
    '9999-12-31',
  ),
);
const isoTime = fc.oneof(
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59.999Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01T00:00:00+14:00',
  ),
);
const bigInts = fc.oneof(
  fc.integer({ min: -3, max: 150 }),
  fc.constantFrom(0, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 1e21),
);
const csvLine = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^\d{1,20}$/), fc.double({ noNaN: true }))
    .map(([u, a]) => `${u},${a}`),
  fc
    .tuple(nastyString, fc.constantFrom(',', ';', '\t'), nastyString)
    .map(([u, separator, a]) => `${u}${separator}${a}`),
);
const csv = fc
  .tuple(fc.boolean(), fc.array(csvLine, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([header, lines, eol]) => [...(header ? ['uid,amount'] : []), ...lines].join(eol));

/** Days near one another, so a random start and end often make a valid period. */
const nearDay = fc.constantFrom(
  '2025-12-01',
  '2026-01-01',
  '2026-01-28',
  '2026-02-28',
  '2026-06-30',
);
/** Two decimals, like every amount the API takes. */
const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100);
/** Two passwords, so a confirmation often matches; one is on the blocklist. */
const passwords = fc.constantFrom(
  'Quiet@Harbour77',
  'Quiet@Harbour77',
  'Str0ng@Pass',
  'Password1!',
);

/** A value that passes each field's own check most of the time. */
export function plausible(field: Field, ctx: FuzzContext): fc.Arbitrary<Json> {
  const pick = (values: string[]) => (values.length ? fc.constantFrom(...values) : fc.uuid());
  const name = field.name;
  if (field.values?.length) return fc.constantFrom(...(field.values as Json[]));
  if (field.type === 'boolean') return fc.boolean();
  if (/Percents$/.test(name))
    return fc.array(
      fc.integer({ min: 0, max: 3000 }).map((n) => n / 100),
      { minLength: 1, maxLength: 15 },
    );
  if (/(Fee|Withdrawal|^amount)$/.test(name)) return money(1000);
  if (field.type === 'integer')
    return field.minimum !== undefined || field.maximum !== undefined
      ? fc.integer({ min: field.minimum ?? -3, max: field.maximum ?? 1000 })
      : bigInts;
  if (field.type === 'number')
    return fc.double({ min: field.minimum ?? 0, max: field.maximum ?? 1e7, noNaN: true });
  if (field.type === 'array') return fc.array(nastyValue, { maxLength: 5 });
  if (/email/i.test(name)) return fc.oneof(pick(ctx.emails), fc.emailAddress());
  if (/password/i.test(name)) return passwords;
  if (/code$/i.test(name) && !/otp/i.test(name))
    return fc.oneof(pick(ctx.codes), fc.stringMatching(/^[A-Z2-9]{6,10}$/));
  if (name === 'token')
    return fc.oneof(pick(ctx.tokens), hex(64), fc.base64String({ maxLength: 300 }));
  if (/uid/i.test(name)) return fc.oneof(pick(ctx.uids), fc.stringMatching(/^\d{1,24}$/));
  if (/^(id|parentId)$/.test(name)) return fc.oneof(pick(ctx.ids), fc.uuid());
  if (name === 'userId') return fc.oneof(pick(ctx.userIds), fc.stringMatching(/^CT\d{1,22}$/));
  if (/walletAddress/.test(name)) return hex(40).map((h) => `0x${h}`);
  if (/transactionHash/.test(name)) return hex(64).map((h) => `0x${h}`);
  if (name === 'otp') return fc.stringMatching(/^\d{6}$/);
  if (/^period(Start|End)$/.test(name)) return fc.oneof(nearDay, isoDay);
  if (/^(from|to)$/.test(name)) return fc.oneof(isoDay, isoTime);
  if (name === 'csv') return csv;
  return fc.string({ unit: 'grapheme', maxLength: Math.min(60, field.maxLength ?? 60) });
}
