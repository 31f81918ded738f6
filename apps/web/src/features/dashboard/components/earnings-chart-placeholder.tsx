import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The earnings chart's card while its code loads: the same frame, so nothing below it moves. */
export function EarningsChartPlaceholder() {
  return (
    <Card aria-busy="true" className="p-4 sm:p-6">
      <div className="space-y-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <Skeleton className="mt-5 h-48 w-full" />
    </Card>
  );
}
