import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 pt-16 text-center">
      <PageTitle title="Page not found" />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wider text-primary uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">Page not found</h1>
      <p className="mt-4 max-w-md text-fg-muted">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.home} className={buttonClasses({ size: 'lg' })}>
          Back to Home
        </Link>
        <Link to={paths.dashboard} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Go to Dashboard
        </Link>
      </div>
    </div>
  );
}
