import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

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
    <nav
      aria-label={label}
      className="flex flex-col items-center gap-3 border-t border-border px-4 py-4 sm:flex-row sm:justify-between sm:px-6"
    >
      <p className="text-sm text-fg-muted tabular-nums">{summary}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPrev}
          onClick={() => onPage(page - 1)}
          className="px-2.5"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm text-fg-muted tabular-nums">
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext}
          onClick={() => onPage(page + 1)}
          className="px-2.5"
        >
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
