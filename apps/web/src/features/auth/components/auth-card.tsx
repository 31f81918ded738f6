import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export interface AuthCardProps {
  /** Heading of the card; also the document title unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  /** An icon badge above the title (status screens). */
  icon?: ReactNode;
  /** Below the card: "Don't have an account? Sign up". */
  footer?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}

/** The centred card every account screen uses. */
export function AuthCard({
  title,
  documentTitle,
  description,
  icon,
  footer,
  wide = false,
  children,
}: AuthCardProps) {
  return (
    <div className="relative flex min-h-dvh items-start justify-center overflow-hidden px-4 pt-24 pb-12 sm:items-center sm:px-6">
      <PageTitle title={documentTitle ?? title} />
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl dark:bg-primary/15" />
        <div className="absolute right-0 bottom-0 h-72 w-72 rounded-full bg-teal-400/10 blur-3xl" />
      </div>
      <div className={cn('w-full', wide ? 'max-w-xl' : 'max-w-md')}>
        <Card className="p-6 sm:p-8">
          <div className="mb-6 space-y-2 text-center">
            {icon ? <div className="mx-auto mb-4 flex w-fit">{icon}</div> : null}
            <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
            {description ? <div className="text-sm text-fg-muted">{description}</div> : null}
          </div>
          {children}
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div> : null}
      </div>
    </div>
  );
}

/** The round icon badge of status screens, tinted by state. */
export function StatusIcon({
  tone,
  children,
}: {
  tone: 'primary' | 'success' | 'danger' | 'info';
  children: ReactNode;
}) {
  const tones = {
    primary: 'bg-primary-soft text-primary-soft-fg',
    success: 'bg-success-soft text-success-soft-fg',
    danger: 'bg-danger-soft text-danger-soft-fg',
    info: 'bg-info-soft text-info-soft-fg',
  };
  return (
    <span className={cn('flex size-14 items-center justify-center rounded-2xl', tones[tone])}>
      {children}
    </span>
  );
}

export const textLinkClasses =
  'font-semibold text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
