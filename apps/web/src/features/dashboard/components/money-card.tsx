import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatKnownUsdt } from '@/lib/format';

export interface MoneyCardProps {
  label: string;
  hint: string;
  /** Undefined when the figure could not be read: it reads '—', never 0.00. */
  value: number | undefined;
  loading: boolean;
  icon: LucideIcon;
  emphasis?: boolean;
}

/** One dollar figure of the dashboard: a label, the amount (a skeleton while loading), a hint. */
export function MoneyCard({ label, hint, value, loading, icon: Icon, emphasis }: MoneyCardProps) {
  return (
    <Card className={cn('p-4 sm:p-5', emphasis && 'border-primary/40 bg-primary-soft/40')}>
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-fg-muted">
        {label}
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </dt>
      <dd className="mt-1">
        {loading ? (
          <Skeleton className="mt-1 h-8 w-28" />
        ) : (
          <span className="text-2xl font-bold text-fg tabular-nums sm:text-3xl">
            {formatKnownUsdt(value)}
          </span>
        )}
        <span className="mt-1 block text-xs text-fg-subtle">{hint}</span>
      </dd>
    </Card>
  );
}
