import { describe, expect, it } from 'vitest';
import { pageItems, showingText } from './pagination';

describe('rewards pagination', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps 7 items with gaps beyond 7 pages', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap-end', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap-end', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
    expect(pageItems(99, 10)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
  });

  it("says 'Showing a to b of n rewards'", () => {
    expect(showingText(1, 10, 95)).toBe('Showing 1 to 10 of 95 rewards');
    expect(showingText(10, 10, 95)).toBe('Showing 91 to 95 of 95 rewards');
    expect(showingText(1, 25, 0)).toBe('Showing 0 to 0 of 0 rewards');
  });
});
