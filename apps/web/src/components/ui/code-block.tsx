import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Preformatted text that may scroll (JSON, a raw API answer). It takes the keyboard focus, so
 * someone without a mouse can scroll it with the arrow keys (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function CodeBlock({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <pre
      tabIndex={0}
      className={cn(
        'overflow-auto rounded-lg bg-surface-muted p-3 text-xs text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {children}
    </pre>
  );
}
