import { MAX_WITHDRAWAL_USDT } from '@ctn/contracts/constants';
import { exactMicro } from '../../lib/money';

/**
 * A withdrawal's amount as the member typed it -> micro-USDT; null for anything above the
 * largest withdrawal or not a whole number of micro-USDT. The request and its mailed code both
 * read the amount this way.
 */
export function amountToMicro(amount: number): bigint | null {
  return amount > MAX_WITHDRAWAL_USDT ? null : exactMicro(amount);
}
