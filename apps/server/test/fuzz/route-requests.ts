import fc from 'fast-check';
import {
  contentType,
  deepNesting,
  nastyString,
  nastyValue,
  Obj,
  percentEncode,
  RawToken,
  toJson,
  type Json,
} from './payloads';
import { plausible, type FuzzContext } from './plausible-values';
import type { Field, RouteShape } from './route-shapes';

/** One request of the fuzzer, ready for inject(); `who` is swapped for a token by the test. */
export interface FuzzRequest {
  method: string;
  url: string;
  who: 'anonymous' | 'member' | 'admin' | 'forged';
  contentType: string | null;
  payload: string | null;
  ip: string;
}

const OMIT = Symbol('omit');

type Part = 'path' | 'query' | 'body';
interface Slot {
  part: Part;
  field: Field;
}
type Value = Json | typeof OMIT;

function slotsOf(url: string, shape: RouteShape | undefined): Slot[] {
  const pathNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const path = pathNames.map((name): Slot => ({
    part: 'path',
    field: shape?.path.find((f) => f.name === name) ?? {
      name,
      type: 'string',
      format: undefined,
      values: undefined,
    },
  }));
  const query = (shape?.query ?? []).map((field): Slot => ({ part: 'query', field }));
  const body = (shape?.body ?? []).map((field): Slot => ({ part: 'body', field }));
  return [...path, ...query, ...body];
}

/** A believable value for every slot: optional query fields are often left out. */
function plausibleSlot(slot: Slot, ctx: FuzzContext): fc.Arbitrary<Value> {
  if (slot.part === 'path') return plausible(slot.field, ctx);
  return fc.oneof(
    { weight: slot.part === 'query' ? 3 : 8, arbitrary: plausible(slot.field, ctx) },
    { weight: 1, arbitrary: fc.constant(OMIT) },
  );
}

const asText = (v: Json): string =>
  typeof v === 'string'
    ? v
    : v instanceof RawToken
      ? v.text
      : typeof v === 'number'
        ? String(v)
        : toJson(v);

/** Not percent-encoded: the router itself has to cope (bad escapes, dot segments, NUL). */
const rawSegment = fc.constantFrom('..', '.', '%', '%ZZ', '%00', '%2F', '%C0%AF', 'a'.repeat(150));

interface Parts {
  values: Value[];
  extraQuery: string | null;
  extraBody: [string, Json][];
  rawPath: (string | null)[];
  body: string | null | undefined;
}

function assemble(
  url: string,
  slots: Slot[],
  parts: Parts,
): { url: string; payload: string | null } {
  let path = url;
  const query: string[] = [];
  const entries: [string, Json][] = [];
  slots.forEach((slot, i) => {
    const value = parts.values[i];
    if (slot.part === 'path') {
      const raw = parts.rawPath[i];
      const text = raw ?? percentEncode(value === OMIT || value === undefined ? '' : asText(value));
      path = path.replace(`:${slot.field.name}`, text);
    } else if (value !== OMIT && value !== undefined) {
      if (slot.part === 'query')
        for (const v of Array.isArray(value) ? value : [value])
          query.push(`${percentEncode(slot.field.name)}=${percentEncode(asText(v))}`);
      else entries.push([slot.field.name, value]);
    }
  });
  if (parts.extraQuery) query.push(parts.extraQuery);
  const payload =
    parts.body !== undefined
      ? parts.body
      : entries.length || parts.extraBody.length || slots.some((s) => s.part === 'body')
        ? toJson(new Obj([...entries, ...parts.extraBody]))
        : null;
  return { url: query.length ? `${path}?${query.join('&')}` : path, payload };
}

/**
 * Three kinds of request, so the fuzzer reaches past validation as well as hammering it:
 * believable ones (every value plausible), mutants (one value hostile, the rest believable:
 * the likeliest to reach a query or a service with something it did not expect), and chaos
 * (anything in any part, malformed JSON, recursion bombs, wrong content types).
 */
function partsFor(method: string, slots: Slot[], ctx: FuzzContext): fc.Arbitrary<Parts> {
  const believable = fc.tuple(...slots.map((s) => plausibleSlot(s, ctx)));
  const base = { extraQuery: null, extraBody: [], rawPath: [], body: undefined };
  const good = believable.map((values): Parts => ({ ...base, values }));
  const mutant = fc
    .tuple(
      believable,
      fc.nat(Math.max(0, slots.length - 1)),
      nastyValue,
      fc.option(rawSegment, { nil: null }),
    )
    .map(([values, at, hostile, raw]): Parts => {
      const next = [...values];
      const slot = slots[at];
      const rawPath: (string | null)[] = [];
      if (slot?.part === 'path' && raw !== null) rawPath[at] = raw;
      if (slot) next[at] = slot.part === 'body' ? hostile : asText(hostile);
      return { ...base, values: next, rawPath };
    });
  const chaos = fc
    .record({
      values: fc.tuple(
        ...slots.map((s) =>
          fc.oneof(plausibleSlot(s, ctx), s.part === 'body' ? nastyValue : nastyString),
        ),
      ),
      extraQuery: fc.option(
        fc.oneof(
          nastyString.map((v) => `x=${percentEncode(v)}`),
          fc.constantFrom('%ZZ=1', 'a[b]=c', '&&&', '=', 'page=%00'),
        ),
        { nil: null },
      ),
      extraBody: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'role'), fc.string()),
          nastyValue,
        ),
        { maxLength: 2 },
      ),
      rawPath: fc.array(fc.option(rawSegment, { nil: null, freq: 4 }), {
        minLength: slots.length,
        maxLength: slots.length,
      }),
      body: fc.option(
        fc.oneof(
          nastyValue.map(toJson),
          deepNesting.map((raw: RawToken) => raw.text),
          fc.constantFrom('{"a":', '[', 'tru', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', ''),
        ),
        { nil: undefined, freq: 2 },
      ),
    })
    .map((parts): Parts => ({ ...parts, body: method === 'GET' ? undefined : parts.body }));
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 4, arbitrary: mutant },
    { weight: 3, arbitrary: chaos },
  );
}

/** Requests for one route, as anonymous, member, administrator or with a forged token. */
export function requestsFor(
  route: { method: string; url: string; auth: 'user' | 'admin' | undefined },
  shape: RouteShape | undefined,
  ctx: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const slots = slotsOf(route.url, shape);
  const who = fc.oneof(
    { weight: route.auth === 'admin' ? 6 : 1, arbitrary: fc.constant('admin' as const) },
    { weight: route.auth === 'user' ? 6 : 1, arbitrary: fc.constant('member' as const) },
    { weight: route.auth === undefined ? 6 : 1, arbitrary: fc.constant('anonymous' as const) },
    { weight: 1, arbitrary: fc.constant('forged' as const) },
  );
  return fc
    .record({ parts: partsFor(route.method, slots, ctx), who, contentType, ip: fc.ipV4() })
    .map(({ parts, who, contentType: type, ip }) => {
      const { url, payload } = assemble(route.url, slots, parts);
      return {
        method: route.method,
        url,
        who,
        contentType: payload === null ? null : type,
        payload,
        ip,
      };
    });
}
