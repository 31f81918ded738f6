import type { ReactNode } from 'react';

/** Labelled figures in a grid; each value directly follows its label (tests rely on it). */
export function Figures({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([name, value]) => (
        <div key={name} className="rounded-xl border border-border bg-surface-muted/40 px-3 py-2.5">
          <dt className="text-xs font-medium text-fg-muted">{name}</dt>
          <dd className="mt-0.5 text-base font-semibold break-words text-fg tabular-nums">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled block inside a cycle's card. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h3 className="text-sm font-semibold tracking-wide text-fg uppercase">{title}</h3>
      {children}
    </section>
  );
}
