import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** The loading, failed and empty states of a list or a page read from the API, framed like a table. */

const frame = 'rounded-xl border border-border bg-surface';

export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className={cn(frame, 'space-y-3 p-4 sm:p-6')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-11 w-full" />
      ))}
    </div>
  );
}

export function ListError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className={cn(frame, 'flex flex-col items-center gap-3 px-6 py-14 text-center')}
    >
      <p className="font-medium text-danger">{message}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={onRetry}
        loading={retrying}
        loadingText="Retrying..."
      >
        Retry
      </Button>
    </div>
  );
}

export function ListEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn(frame, 'flex flex-col items-center gap-3 px-6 py-14 text-center')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-fg">{title}</p>
      {children ? <p className="max-w-sm text-sm text-fg-muted">{children}</p> : null}
    </div>
  );
}
