import { describe, expect, it } from 'vitest';
import { floorUsdt, microText, usdtText, usdtToMicro } from './money-display';

describe('microText floor: never more than there is', () => {
  it.each([
    [62_438_830n, '62.43'],
    [5_000n, '0.00'],
    [1n, '0.00'],
    [9_999n, '0.00'],
    [10_000n, '0.01'],
    [19_999n, '0.01'],
    [0n, '0.00'],
    [100_000_000n, '100.00'],
    [123_456_789_999_999n, '123,456,789.99'],
    [9_007_199_254_740_993n, '9,007,199,254.74'],
    [-5_000n, '-0.01'],
    [-1_005_000n, '-1.01'],
    [-1_000_000n, '-1.00'],
  ])('%s micro -> %s', (micro, text) => {
    expect(microText(micro, 'floor')).toBe(text);
  });
});

describe('microText exact: every micro-USDT, trimmed', () => {
  it.each([
    [62_438_830n, '62.43883'],
    [1_575_390n, '1.57539'],
    [5_000n, '0.005'],
    [1n, '0.000001'],
    [0n, '0.00'],
    [12_500_000n, '12.50'],
    [1_234_567_891n, '1,234.567891'],
    [-1_005_000n, '-1.005'],
    ['10000000', '10.00'],
  ])('%s micro -> %s', (micro, text) => {
    expect(microText(micro, 'exact')).toBe(text);
  });
});

describe('USDT as answered', () => {
  it('reads binary fractions to the nearest micro before the rule applies', () => {
    expect(usdtToMicro(62.43883)).toBe(62_438_830n);
    expect(usdtToMicro(0.1 + 0.2)).toBe(300_000n);
    expect(usdtText(62.43883, 'floor')).toBe('62.43');
    expect(usdtText(62.43883, 'exact')).toBe('62.43883');
    expect(usdtText(0.29, 'floor')).toBe('0.29');
    expect(usdtText(1e-6, 'floor')).toBe('0.00');
    expect(usdtText(1e-6, 'exact')).toBe('0.000001');
  });

  it('Max fills the figure shown', () => {
    expect(floorUsdt(62.43883)).toBe(62.43);
    expect(floorUsdt(1234.999999)).toBe(1234.99);
    expect(floorUsdt(0.005)).toBe(0);
    expect(floorUsdt(10)).toBe(10);
  });
});
