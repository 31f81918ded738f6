import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'primary';

const styles: Record<BadgeVariant, string> = {
  neutral: 'bg-surface-muted text-fg-muted ring-border-strong/60',
  success: 'bg-success-soft text-success-soft-fg ring-emerald-500/25',
  warning: 'bg-warning-soft text-warning-soft-fg ring-amber-500/30',
  danger: 'bg-danger-soft text-danger-soft-fg ring-red-500/25',
  info: 'bg-info-soft text-info-soft-fg ring-blue-500/25',
  primary: 'bg-primary-soft text-primary-soft-fg ring-emerald-500/25',
};

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        styles[variant],
        className,
      )}
      {...props}
    />
  );
}
