import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** One figure with its label; the value sits right after the label (tests rely on it). */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  loading = false,
  className,
}: {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  /** A second, smaller line under the value (a count beside a total). */
  hint?: ReactNode;
  loading?: boolean;
  className?: string;
}) {
  return (
    <Card className={cn('flex items-start justify-between gap-3 p-4 sm:p-5', className)}>
      <div className="min-w-0 space-y-1">
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        {loading ? (
          <Skeleton className="h-7 w-20" />
        ) : (
          // One step smaller where four cards share a 1280 px row: $10,221.46 stays on one line.
          <p className="text-xl font-bold break-words text-fg tabular-nums sm:text-2xl lg:text-xl 2xl:text-2xl">
            {value}
          </p>
        )}
        {hint && !loading ? <p className="text-xs text-fg-muted tabular-nums">{hint}</p> : null}
      </div>
      {Icon ? (
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg sm:flex">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      ) : null}
    </Card>
  );
}

/** A labelled grid of stat cards. */
export function StatGrid({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4', className)}
    >
      {children}
    </section>
  );
}
