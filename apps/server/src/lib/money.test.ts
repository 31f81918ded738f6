import { describe, expect, it } from 'vitest';
import { averageUsdt, decimalToMicro, exactMicro, toUsdt } from './money';

describe('decimalToMicro', () => {
  it('parses exchange decimals exactly', () => {
    expect(decimalToMicro('100')).toBe(100_000_000n);
    expect(decimalToMicro('99.999999')).toBe(99_999_999n);
    expect(decimalToMicro('0.1234567')).toBe(123_456n);
    expect(decimalToMicro('-5.5')).toBe(-5_500_000n);
    expect(decimalToMicro('1e3')).toBeNull();
    expect(decimalToMicro('')).toBeNull();
  });
});

describe('toUsdt', () => {
  it('divides micro-units out at the edge', () => {
    expect(toUsdt(1_234_567n)).toBe(1.234567);
    expect(toUsdt('10000000')).toBe(10);
  });
});

describe('exactMicro', () => {
  it('takes a typed amount only when it is a whole number of micro-USDT', () => {
    expect(exactMicro(12.5)).toBe(12_500_000n);
    expect(exactMicro(0.000001)).toBe(1n);
    expect(exactMicro(0.1 + 0.2)).toBe(300_000n);
    for (const refused of [0, -1, 1e-7, 0.1234567, Number.NaN, Number.POSITIVE_INFINITY])
      expect(exactMicro(refused), String(refused)).toBeNull();
  });
});

describe('averageUsdt', () => {
  it('rounds the mean to the nearest micro-USDT, and an empty set averages 0', () => {
    expect(averageUsdt(10_000_000n, 3)).toBe(3.333333);
    expect(averageUsdt(20_000_000n, 3)).toBe(6.666667);
    expect(averageUsdt('5', 2)).toBe(0.000003);
    expect(averageUsdt(-20_000_000n, 3)).toBe(-6.666667);
    expect(averageUsdt(123n, 0)).toBe(0);
  });
});
