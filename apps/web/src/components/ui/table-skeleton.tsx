import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while a table loads; the text is for screen readers. */
export function TableSkeleton({
  label,
  rows = 5,
  columns = 6,
}: {
  label: string;
  rows?: number;
  columns?: number;
}) {
  return (
    <div role="status" className="overflow-hidden rounded-xl border border-border">
      <span className="sr-only">{label}</span>
      <div className="h-10 bg-surface-muted" />
      <div className="divide-y divide-border">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex items-center gap-4 px-4 py-3.5">
            {Array.from({ length: columns }, (_, col) => (
              <Skeleton key={col} className={col === 0 ? 'h-4 flex-[2]' : 'h-4 flex-1'} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
