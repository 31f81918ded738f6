import { Skeleton } from './ui/skeleton';

/**
 * The app's frame in grey while it starts: top bar, sidebar (large screens) and a page of
 * cards. Pre-rendered into index.html for every path but / (vite.config.ts), so a member
 * opening /dashboard sees it at the first paint, and shown by the route guards while the
 * session loads: no blank page, no lone spinner.
 */
export function AppShellSkeleton() {
  return (
    <div role="status" aria-live="polite" className="min-h-dvh">
      <span className="sr-only">Loading...</span>
      <div className="flex h-16 items-center justify-between border-b border-border px-4 sm:px-6">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="size-9 rounded-full" />
      </div>
      <div className="lg:flex">
        <div className="hidden w-64 shrink-0 space-y-3 border-r border-border p-4 lg:block lg:min-h-[calc(100dvh-4rem)]">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
        <div className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8 lg:py-10">
          <Skeleton className="h-8 w-56" />
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
