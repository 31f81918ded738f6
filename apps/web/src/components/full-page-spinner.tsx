import { Spinner } from './ui/spinner';

/** Shown while the session or a page is loading. */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-fg-muted"
    >
      <Spinner className="size-8 text-primary" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
