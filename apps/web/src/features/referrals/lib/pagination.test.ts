import { describe, expect, it } from 'vitest';
import { pageWindow, rangeText } from './pagination';

describe('pageWindow', () => {
  it('shows every page up to 5', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('slides with the current page and stops at both ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('has nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('rangeText', () => {
  it('reads "x - y of total referrals"', () => {
    expect(rangeText(1, 10, 33)).toBe('1 - 10 of 33 referrals');
    expect(rangeText(4, 10, 33)).toBe('31 - 33 of 33 referrals');
    expect(rangeText(1, 10, 0)).toBe('0 - 0 of 0 referrals');
  });
});
