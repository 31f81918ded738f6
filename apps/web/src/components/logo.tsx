import { useId } from 'react';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  // Unique per instance: with a shared id, a hidden copy would take the gradient with it.
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#0d9488" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="#0b1220" />
      <path
        d="M7 21l6-6 4 4 8-9"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="10" r="2.2" fill="#34d399" />
    </svg>
  );
}

/** The brand: mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-base font-bold tracking-tight text-fg">
        CopyTrade<span className="text-primary"> Network</span>
      </span>
    </span>
  );
}
