import type { RewardsPagination as Pagination } from '@ctn/contracts/rewards';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { pageItems, showingText } from '../lib/pagination';

/**
 * 'Showing a to b of n rewards', then first, previous, a numbered window with gaps, next and
 * last. On phones the numbers take the first row and the four arrows the second, so that
 * nothing is squeezed below a usable size at 375 px.
 */
export function RewardsPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
}) {
  const { currentPage, totalPages, totalRecords, limit, hasPrev, hasNext } = pagination;
  return (
    <nav
      aria-label="Rewards history pages"
      className="flex flex-col items-center gap-3 pt-4 lg:flex-row lg:justify-between"
    >
      <p className="text-sm text-fg-muted tabular-nums">
        {showingText(currentPage, limit, totalRecords)}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-1">
        <Arrow label="First page" disabled={!hasPrev} onClick={() => onPage(1)}>
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </Arrow>
        <Arrow label="Previous page" disabled={!hasPrev} onClick={() => onPage(currentPage - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Arrow>
        <ol className="order-first flex basis-full justify-center gap-1 sm:order-none sm:basis-auto">
          {pageItems(currentPage, totalPages).map((item) =>
            typeof item === 'number' ? (
              <li key={item}>
                <Button
                  variant={item === currentPage ? 'primary' : 'ghost'}
                  size="sm"
                  aria-current={item === currentPage ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  onClick={() => onPage(item)}
                  className="min-w-8 px-2 tabular-nums"
                >
                  {item}
                </Button>
              </li>
            ) : (
              <li key={item} className="flex w-6 justify-center text-fg-subtle">
                <span aria-hidden="true">…</span>
                <span className="sr-only">More pages</span>
              </li>
            ),
          )}
        </ol>
        <Arrow label="Next page" disabled={!hasNext} onClick={() => onPage(currentPage + 1)}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Arrow>
        <Arrow label="Last page" disabled={!hasNext} onClick={() => onPage(totalPages)}>
          <ChevronsRight className="size-4" aria-hidden="true" />
        </Arrow>
      </div>
    </nav>
  );
}

function Arrow({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="min-w-8 px-2"
    >
      {children}
    </Button>
  );
}
