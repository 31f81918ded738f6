import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'danger-outline' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 rounded-lg font-semibold [&_svg]:shrink-0 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg shadow-sm hover:bg-primary-hover',
  secondary: 'bg-surface-muted text-fg hover:bg-border',
  outline: 'border border-border-strong bg-surface text-fg shadow-xs hover:bg-surface-muted',
  ghost: 'text-fg-muted hover:bg-surface-muted hover:text-fg',
  danger: 'bg-danger text-white shadow-sm hover:opacity-90',
  'danger-outline':
    'border border-red-500/30 bg-surface text-danger shadow-xs hover:bg-danger-soft',
  link: 'h-auto px-0 text-primary underline-offset-4 hover:underline',
};

const heights: Record<ButtonSize, string> = { sm: 'h-8', md: 'h-10', lg: 'h-12', icon: 'size-10' };
const paddings: Record<ButtonSize, string> = {
  sm: 'px-3 text-sm',
  md: 'px-4 text-sm',
  lg: 'px-6 text-base',
  icon: '',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Let a long label wrap onto several lines (the button grows in height). */
  wrap?: boolean;
  className?: string;
}

/** The button look, for elements that are not <button> (router links). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth,
  wrap = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cn(
    base,
    variant === 'link' ? variants.link : cn(paddings[size], variants[variant]),
    variant !== 'link' && (wrap ? 'min-h-12 py-3 text-center' : heights[size]),
    wrap ? 'whitespace-normal' : 'whitespace-nowrap',
    fullWidth && 'w-full',
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyleOptions {
  /** Busy: disabled, with a spinner and `loadingText` (or the children). */
  loading?: boolean;
  loadingText?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  wrap,
  className,
  loading = false,
  loadingText,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, fullWidth, wrap, className })}
      {...props}
    >
      {loading ? (
        <>
          <Spinner />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
