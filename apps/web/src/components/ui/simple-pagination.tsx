import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';

/**
 * A list's page as the contracts describe it: most name the neighbours `hasPrev`/`hasNext`, the
 * withdrawals (member section 3) `hasPrevPage`/`hasNextPage`.
 */
export type PageInfo = { currentPage: number; totalPages: number } & (
  { hasPrev: boolean; hasNext: boolean } | { hasPrevPage: boolean; hasNextPage: boolean }
);

/** Previous, 'Page n of totalPages', Next, with an optional text on the left. */
export function SimplePagination({
  label,
  pagination,
  onPage,
  summary,
}: {
  label: string;
  pagination: PageInfo;
  onPage: (page: number) => void;
  summary?: ReactNode;
}) {
  const page = pagination.currentPage;
  const [hasPrev, hasNext] =
    'hasPrev' in pagination
      ? [pagination.hasPrev, pagination.hasNext]
      : [pagination.hasPrevPage, pagination.hasNextPage];
  return (
    <Pagination
      label={label}
      summary={summary}
      hasPrev={hasPrev}
      hasNext={hasNext}
      onPrev={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    >
      <span className="px-1 text-sm text-fg-muted tabular-nums">
        Page {page} of {Math.max(pagination.totalPages, 1)}
      </span>
    </Pagination>
  );
}
