import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from './not-found-page';

/** Shown when a route fails to render or its code fails to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center px-4 text-center"
    >
      <PageTitle title="Something went wrong" />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-danger-soft text-danger-soft-fg">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-fg">Something went wrong</h1>
      <p className="mt-4 max-w-md text-fg-muted">
        An unexpected error occurred. Reload the page to try again.
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </div>
  );
}
