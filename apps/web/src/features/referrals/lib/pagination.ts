import { REFERRAL_PAGINATION_BUTTONS } from '@ctn/contracts/constants';

/**
 * The page-number buttons of the referrals pagination: at most `size` (5) consecutive pages,
 * sliding so the current page stays in the middle where it can.
 */
export function pageWindow(
  current: number,
  totalPages: number,
  size: number = REFERRAL_PAGINATION_BUTTONS,
): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** `x - y of total referrals`: the records shown on `page`. */
export function rangeText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `${from} - ${to} of ${total} referrals`;
}
