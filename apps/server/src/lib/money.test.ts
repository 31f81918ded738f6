import { describe, expect, it } from 'vitest';
import { decimalToMicro, toUsdt } from './money';

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
