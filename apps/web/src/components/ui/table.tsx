import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table. On narrow screens it scrolls sideways inside its own box (focusable, so keyboard
 * users can scroll it too) instead of widening the page.
 */
export function Table({
  className,
  label,
  children,
  ...props
}: ComponentProps<'table'> & {
  /** What the table lists; names the scroll box for assistive technology. */
  label: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className={cn('w-full min-w-max text-left text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-surface-muted text-fg-muted', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-border bg-surface', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('transition-colors hover:bg-surface-muted/50', className)} {...props} />;
}

export function TableHeaderCell({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn('px-4 py-3 text-xs font-semibold tracking-wide uppercase', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-fg', className)} {...props} />;
}

/** One full-width row for an empty list or a loading text. */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-fg-muted">
        {children}
      </td>
    </tr>
  );
}

/**
 * The actions column: pinned to the right edge of the table's box, so a row's actions stay in
 * sight however wide the other columns make the table (admin tables at 1280 px).
 */
const pinnedRight =
  'sticky right-0 z-[1] border-l border-border shadow-[-6px_0_8px_-6px_rgb(15_23_42/0.18)]';

export function TableActionsHeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return <TableHeaderCell className={cn(pinnedRight, 'bg-surface-muted', className)} {...props} />;
}

export function TableActionsCell({ className, ...props }: ComponentProps<'td'>) {
  return <TableCell className={cn(pinnedRight, 'bg-surface', className)} {...props} />;
}
