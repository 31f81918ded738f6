import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

/** A native checkbox (keyboard and forms for free) with its label. */
export function Checkbox({ label, className, id, ...props }: CheckboxProps) {
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-border-strong accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[invalid=true]:outline aria-[invalid=true]:outline-danger"
        {...props}
      />
      <label htmlFor={id} className="cursor-pointer text-sm leading-5 text-fg-muted select-none">
        {label}
      </label>
    </div>
  );
}
