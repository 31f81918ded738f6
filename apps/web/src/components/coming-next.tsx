import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';
import { Badge } from './ui/badge';
import { Card } from './ui/card';

export interface ComingNextProps {
  /** The page's heading (and document title). */
  title: string;
  subtitle?: string;
  /** One sentence about what the page is for. */
  summary: string;
  /** What the finished page will show. */
  items: readonly string[];
  children?: ReactNode;
}

/** The body of a page whose content is built by a later issue: honest about what comes. */
export function ComingNext({ title, subtitle, summary, items, children }: ComingNextProps) {
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {subtitle ? <p className="text-fg-muted">{subtitle}</p> : null}
      </header>
      {children}
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="relative space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
              <Sparkles className="size-5" aria-hidden="true" />
            </span>
            <h2 className="text-lg font-semibold text-fg">Coming next</h2>
            <Badge variant="primary">In development</Badge>
          </div>
          <p className="max-w-2xl text-fg-muted">{summary}</p>
          <div>
            <p className="mb-2 text-sm font-medium text-fg">This page will show:</p>
            <PlannedItems items={items} className="grid gap-2 sm:grid-cols-2" />
          </div>
        </div>
      </Card>
    </div>
  );
}

/** A bulleted list of what a page or step will show once built. */
export function PlannedItems({
  items,
  className,
}: {
  items: readonly string[];
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-sm text-fg-muted">
          <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
          {item}
        </li>
      ))}
    </ul>
  );
}
