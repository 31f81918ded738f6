import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A styled native <select> (keyboard and screen-reader behaviour of the platform). `className`
 * goes to the wrapper (its width in a layout), `selectClassName` to the select itself; `large`
 * is the taller control of the member pages' toolbars.
 */
export function NativeSelect({
  className,
  selectClassName,
  large = false,
  children,
  ...props
}: ComponentProps<'select'> & { selectClassName?: string; large?: boolean }) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'w-full appearance-none rounded-lg border border-border-strong bg-surface py-0 pr-9 text-fg shadow-xs focus:border-primary focus:ring-4 focus:ring-ring/20 focus:outline-none',
          large ? 'h-11 pl-3.5 text-[15px]' : 'h-10 pl-3 text-sm',
          selectClassName,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden="true"
      />
    </div>
  );
}
