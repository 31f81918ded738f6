import { MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';

/**
 * Money at the edges (DESIGN.md sections 4 and 5): integer micro-USDT inside, USDT as JSON
 * numbers in answers, exact decimal strings from the exchange.
 */

/** Micro-USDT -> USDT for an answer. */
export const toUsdt = (micro: bigint | string | number): number =>
  Number(BigInt(micro)) / MICRO_USDT_PER_USDT;

/** USDT with at most 6 decimals -> micro-USDT (inputs already validated). */
export const toMicro = (usdt: number): bigint => BigInt(Math.round(usdt * MICRO_USDT_PER_USDT));

/**
 * A positive amount someone typed, in USDT, -> micro-USDT exactly; null for anything that is not
 * a whole number of micro-USDT (NaN, 0, 1e-7, 0.1234567).
 */
export function exactMicro(usdt: number): bigint | null {
  if (!Number.isFinite(usdt) || usdt <= 0) return null;
  const micro = Math.round(usdt * MICRO_USDT_PER_USDT);
  return Math.abs(micro - usdt * MICRO_USDT_PER_USDT) < 1e-6 && micro > 0 ? BigInt(micro) : null;
}

/** The mean of `count` amounts totalling `totalMicro`, in USDT, to the nearest micro-USDT. */
export function averageUsdt(totalMicro: bigint | string | number, count: number): number {
  if (count <= 0) return 0;
  const total = BigInt(totalMicro);
  const n = BigInt(count);
  const sign = total < 0n ? -1n : 1n;
  return toUsdt((sign * (2n * sign * total + n)) / (2n * n));
}

/**
 * A decimal string in micro-USDT, exactly (no floating point); digits beyond the sixth are
 * dropped. Null if it is not a number.
 */
export function decimalToMicro(value: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const micro =
    BigInt(whole!) * BigInt(MICRO_USDT_PER_USDT) + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return sign === '-' ? -micro : micro;
}

/**
 * Micro-USDT as an exact decimal string of USDT (`1234.5`, `0`, `0.000001`): what answers carry
 * where a float's rounding would matter (the treasury's figures).
 */
export function usdtDecimal(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const unit = BigInt(MICRO_USDT_PER_USDT);
  const fraction = (abs % unit).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}
