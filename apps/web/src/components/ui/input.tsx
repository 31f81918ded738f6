import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses =
  'block h-11 w-full rounded-lg border border-border-strong bg-surface px-3.5 text-[15px] text-fg shadow-xs transition placeholder:text-fg-subtle focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring/20 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}

/** A multi-line input with the same look as Input (grows with rows, not a fixed height). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'h-auto min-h-24 py-2.5', className)} {...props} />;
}
