import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const styles: Record<AlertVariant, string> = {
  info: 'border-blue-500/25 bg-info-soft text-info-soft-fg',
  success: 'border-emerald-500/25 bg-success-soft text-success-soft-fg',
  warning: 'border-amber-500/30 bg-warning-soft text-warning-soft-fg',
  error: 'border-red-500/25 bg-danger-soft text-danger-soft-fg',
};

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A status box coloured by state. Errors are announced at once, other states politely. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', styles[variant], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
