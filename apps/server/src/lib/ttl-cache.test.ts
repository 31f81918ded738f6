import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers from memory until the entry expires, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new TtlCache<string, number>(1_000, { now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1_000;
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('keeps only what `keep` accepts, and no more than maxEntries', async () => {
    let loads = 0;
    const cache = new TtlCache<string, number>(60_000, { maxEntries: 2 });
    const load = async () => ++loads;
    await cache.get('small', load, () => false);
    await cache.get('small', load, () => false);
    expect(loads).toBe(2);
    await cache.get('x', load);
    await cache.get('y', load);
    await cache.get('z', load); // x, the oldest, goes
    const before = loads;
    await cache.get('y', load);
    await cache.get('z', load);
    expect(loads).toBe(before);
    await cache.get('x', load);
    expect(loads).toBe(before + 1);
  });
});
