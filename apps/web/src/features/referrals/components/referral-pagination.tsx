import type { ReferralPagination as Pagination } from '@ctn/contracts/referrals';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
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
    <nav
      aria-label="Referral history pages"
      className="flex flex-col items-center gap-3 border-t border-border px-4 py-4 sm:flex-row sm:justify-between sm:px-6"
    >
      <p className="text-sm text-fg-muted tabular-nums">
        {rangeText(currentPage, limit, totalRecords)}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPrevPage}
          onClick={() => onPage(currentPage - 1)}
          className="px-2.5"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(currentPage, totalPages).map((page) => (
          <Button
            key={page}
            variant={page === currentPage ? 'primary' : 'ghost'}
            size="sm"
            aria-current={page === currentPage ? 'page' : undefined}
            aria-label={`Page ${page}`}
            onClick={() => onPage(page)}
            className={cn('min-w-8 px-2 tabular-nums')}
          >
            {page}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNextPage}
          onClick={() => onPage(currentPage + 1)}
          className="px-2.5"
        >
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
