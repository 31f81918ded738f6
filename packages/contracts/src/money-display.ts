import { MICRO_USDT_PER_USDT } from './constants';

/**
 * How an amount is written for people, in one place for the web and the mails (decision 050).
 *
 * - `floor`: 2 decimals, never more than the amount (toward minus infinity). For what a member
 *   can take or will receive: a balance shown as 62.44 while 62.43883 is there would promise
 *   0.00117 USDT that does not exist.
 * - `exact`: every micro-USDT, at least 2 decimals, trailing zeros trimmed (`1.57539`). For
 *   figures that must add up: statements, ledger lines, receipts.
 */
export type AmountRule = 'floor' | 'exact';

const MICRO = BigInt(MICRO_USDT_PER_USDT);
const CENT = MICRO / 100n;

/**
 * USDT as the API answers it (a JSON number carrying at most 6 decimals) -> micro-USDT, to the
 * nearest micro (62.43883 * 1e6 is 62438829.999... in binary).
 */
export function usdtToMicro(usdt: number): bigint {
  return BigInt(Math.round(usdt * MICRO_USDT_PER_USDT));
}

const group = (whole: bigint) => whole.toLocaleString('en-US');

/** `micro` written by `rule`, without the unit: `1,234.56`, `-0.01`, `1.57539`. */
export function microText(micro: bigint | string | number, rule: AmountRule): string {
  const value = BigInt(micro);
  if (rule === 'floor') {
    // BigInt division truncates toward zero; a negative amount steps down one more cent.
    let cents = value / CENT;
    if (value < 0n && value % CENT !== 0n) cents -= 1n;
    const negative = cents < 0n;
    const abs = negative ? -cents : cents;
    return `${negative ? '-' : ''}${group(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = String(abs % MICRO)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${negative ? '-' : ''}${group(abs / MICRO)}.${fraction}`;
}

/** An amount in USDT (as answered) written by `rule`, without the unit. */
export const usdtText = (usdt: number, rule: AmountRule): string =>
  microText(usdtToMicro(usdt), rule);

/**
 * The amount `floor` shows, as a number: what "Max" fills so that the field holds exactly the
 * figure the member read (62.43883 -> 62.43).
 */
export function floorUsdt(usdt: number): number {
  return Number(microText(usdtToMicro(usdt), 'floor').replaceAll(',', ''));
}
