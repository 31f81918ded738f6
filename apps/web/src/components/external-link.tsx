import type { ComponentProps } from 'react';

/** A link to another site, opened in a new tab (and said so to screen readers). */
export function ExternalLink({
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & { href: string }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
