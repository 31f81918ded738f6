import { describe, expect, it } from 'vitest';
import { niceCeiling } from './nice-scale';

describe('niceCeiling', () => {
  it('rounds a scale top up to a number whose half is round too', () => {
    expect(niceCeiling(32.66)).toBe(40);
    expect(niceCeiling(16.33)).toBe(20);
    expect(niceCeiling(7)).toBe(8);
    expect(niceCeiling(8)).toBe(8);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(101)).toBe(200);
    expect(niceCeiling(0.013)).toBe(0.02);
    expect(niceCeiling(0.55)).toBe(0.6);
    expect(niceCeiling(2500)).toBe(4000);
  });

  it('leaves zero and nonsense alone', () => {
    expect(niceCeiling(0)).toBe(0);
    expect(niceCeiling(-3)).toBe(-3);
    expect(niceCeiling(Number.NaN)).toBeNaN();
  });
});
