import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('reads flat parameters as they come, decoded', () => {
    expect({ ...parseQueryString('page=2&search=ada%20l&sort=-createdAt') }).toEqual({
      page: '2',
      search: 'ada l',
      sort: '-createdAt',
    });
  });

  it.each([
    ['filters[status]=PENDING', { status: 'PENDING' }],
    ['filters%5Bstatus%5D=PENDING', { status: 'PENDING' }],
    ['params[filters][type]=DIRECT', { type: 'DIRECT' }],
    ['level[]=3', { level: '3' }],
    ['filters[level][]=3', { level: '3' }],
  ])('reads %s as the filter it names', (raw, expected) => {
    expect({ ...parseQueryString(raw) }).toEqual(expected);
  });

  it('keeps brackets it cannot read as nesting in the name', () => {
    expect(Object.keys(parseQueryString('a]b=1&[x]=2&c[d=3'))).toEqual(['a]b', '[x]', 'c[d']);
  });

  it('makes a name given twice a list, so one value is never silently chosen', () => {
    expect(parseQueryString('status=ACTIVE&filters[status]=LOCKED')['status']).toEqual([
      'ACTIVE',
      'LOCKED',
    ]);
  });

  it('gives __proto__ no power', () => {
    const query = parseQueryString('__proto__=x&a[__proto__]=y&constructor=z');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(query['__proto__']).toEqual(['x', 'y']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
