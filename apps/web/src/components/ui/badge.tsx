import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant =
  'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'primary' | 'purple';

const styles: Record<BadgeVariant, string> = {
  neutral: 'bg-surface-muted text-fg-muted ring-border-strong/60',
  success: 'bg-success-soft text-success-soft-fg ring-emerald-500/25',
  warning: 'bg-warning-soft text-warning-soft-fg ring-amber-500/30',
  danger: 'bg-danger-soft text-danger-soft-fg ring-red-500/25',
  info: 'bg-info-soft text-info-soft-fg ring-blue-500/25',
  primary: 'bg-primary-soft text-primary-soft-fg ring-emerald-500/25',
  purple: 'bg-purple-soft text-purple-soft-fg ring-purple-500/25',
};

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        styles[variant],
        className,
      )}
      {...props}
    />
  );
}

/**
 * The colour of every status the specs show (member sections 2 and 3, admin section 2): account
 * ACTIVE green, LOCKED red, DISABLED grey; withdrawal PENDING yellow, APPROVED green, REJECTED red,
 * BLOCKED_COMPLIANCE purple; reward DIRECT green, DOWNLINE blue. Any other value is neutral.
 */
export const STATUS_VARIANTS: Readonly<Record<string, BadgeVariant>> = {
  ACTIVE: 'success',
  LOCKED: 'danger',
  DISABLED: 'neutral',
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
  BLOCKED_COMPLIANCE: 'purple',
  DIRECT: 'success',
  DOWNLINE: 'info',
};

export function statusVariant(status: string | null | undefined): BadgeVariant {
  return (status && STATUS_VARIANTS[status]) || 'neutral';
}

/** How a status reads on screen: `BLOCKED_COMPLIANCE` -> `Blocked Compliance`. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A status badge in the spec's colour; `label` overrides the text (DIRECT reads "Referral"). */
export function StatusBadge({
  status,
  label,
  className,
}: {
  status: string;
  label?: string;
  className?: string;
}) {
  return (
    <Badge variant={statusVariant(status)} data-status={status} className={className}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
