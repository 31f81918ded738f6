/**
 * The query string parser of every route. Admin section 7: clients send nested objects as
 * `key[sub]=v` (axios, qs); such a parameter reaches the filter it names, `sub`, as if sent
 * flat (`filters[status]=PENDING` is `status=PENDING`; `a[b][c]=v` is `c=v`; `tags[]=x` is
 * `tags=x`). A name given twice (flat and nested, or repeated) becomes a list, which a
 * single-valued filter refuses with VALIDATION_ERROR rather than picking one.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  // No prototype: a parameter called __proto__ or constructor is only a parameter.
  const query: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const [key, value] of new URLSearchParams(raw)) {
    const name = filterName(key);
    const known = query[name];
    if (known === undefined) query[name] = value;
    else query[name] = Array.isArray(known) ? [...known, value] : [known, value];
  }
  return query;
}

/** The innermost non-empty bracketed segment of `key`, or `key` itself when it has none. */
function filterName(key: string): string {
  const nested = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!nested) return key;
  const segments = [...nested[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return segments.filter((s) => s !== '').at(-1) ?? nested[1]!;
}
