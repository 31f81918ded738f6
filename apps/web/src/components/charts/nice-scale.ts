/** Scale tops whose halves are round too: 1, 2, 4, 6, 8 and 10 times a power of ten. */
const STEPS = [1, 2, 4, 6, 8, 10];

/**
 * The smallest round number at or above `max` (32.66 -> 40, 0.013 -> 0.02, 7 -> 8), so a
 * chart's axis reads 0 / 20 / 40 instead of 0 / 16.33 / 32.66. Zero or less stays as it is.
 */
export function niceCeiling(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return max;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = STEPS.find((s) => s * power >= max * (1 - 1e-12)) ?? 10;
  // Rounded again: 0.1 * 6 is 0.6000000000000001 in floating point.
  return Number((step * power).toPrecision(12));
}
