import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The frame every paginated list shares: a summary on the left, then Previous, what a list puts
 * between (a page counter, page buttons…) and Next.
 */
export function Pagination({
  label,
  summary,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  children,
}: {
  label: string;
  summary?: ReactNode;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  children?: ReactNode;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-col items-center gap-3 border-t border-border px-4 py-4 sm:flex-row sm:justify-between sm:px-6"
    >
      <p className="text-sm text-fg-muted tabular-nums">{summary}</p>
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <Button variant="outline" size="sm" disabled={!hasPrev} onClick={onPrev} className="px-2.5">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        {children}
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext} className="px-2.5">
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
