/** What the numbered window of the rewards pagination shows: page numbers and gaps. */
export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The first and last pages, the current one with a neighbour on each side, and a gap (…) where
 * pages are left out. Always 7 items once there are more than 7 pages, so the buttons do not
 * jump around as the member moves; a gap never stands for a single page.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (totalPages <= 7) return range(1, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  if (page <= 4) return [...range(1, 5), 'gap-end', totalPages];
  if (page >= totalPages - 3) return [1, 'gap-start', ...range(totalPages - 4, totalPages)];
  return [1, 'gap-start', page - 1, page, page + 1, 'gap-end', totalPages];
}

/** `Showing a to b of n rewards`. */
export function showingText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} rewards`;
}
