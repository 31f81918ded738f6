import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';

/** Previous, 'Page n of totalPages', Next, with an optional text on the left. */
export function SimplePagination({
  label,
  page,
  totalPages,
  hasPrev,
  hasNext,
  onPage,
  summary,
}: {
  label: string;
  page: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
  summary?: ReactNode;
}) {
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
        Page {page} of {Math.max(totalPages, 1)}
      </span>
    </Pagination>
  );
}
