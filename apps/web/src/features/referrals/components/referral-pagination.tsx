import type { ReferralPagination as Pagination } from '@ctn/contracts/referrals';
import { Button } from '@/components/ui/button';
import { Pagination as PaginationFrame } from '@/components/ui/pagination';
import { pageWindow, rangeText } from '../lib/pagination';

/**
 * Shown only when there is more than one page: 'x - y of total referrals', Previous, up to 5
 * page buttons that slide with the current page, and Next.
 */
export function ReferralPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
}) {
  const { currentPage, totalPages, totalRecords, limit, hasPrevPage, hasNextPage } = pagination;
  if (totalPages <= 1) return null;
  return (
    <PaginationFrame
      label="Referral history pages"
      summary={rangeText(currentPage, limit, totalRecords)}
      hasPrev={hasPrevPage}
      hasNext={hasNextPage}
      onPrev={() => onPage(currentPage - 1)}
      onNext={() => onPage(currentPage + 1)}
    >
      {pageWindow(currentPage, totalPages).map((page) => (
        <Button
          key={page}
          variant={page === currentPage ? 'primary' : 'ghost'}
          size="sm"
          aria-current={page === currentPage ? 'page' : undefined}
          aria-label={`Page ${page}`}
          onClick={() => onPage(page)}
          className="min-w-8 px-2 tabular-nums"
        >
          {page}
        </Button>
      ))}
    </PaginationFrame>
  );
}
