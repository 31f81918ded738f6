import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** One labelled value of a detail card; the value sits right after the label (tests rely on it). */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      {/* The label keeps its words whole (never "On-" / "chain"); the value wraps instead. */}
      <dt className="text-sm text-fg-muted sm:shrink-0 sm:whitespace-nowrap">{label}</dt>
      <dd className="text-sm font-medium break-all text-fg sm:text-right">{children}</dd>
    </div>
  );
}

/** A titled card of `Row`s. */
export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="divide-y divide-border">{children}</dl>
      </CardContent>
    </Card>
  );
}
