import { Check, Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/**
 * A value to copy (an address): its label with a copy button that confirms for 5 seconds
 * (member section 9), and the value in full below, where it has the whole width.
 */
export function CopyField({
  label,
  aside,
  value,
  copyLabel,
}: {
  label: string;
  /** Shown after the label (the network). */
  aside?: ReactNode;
  value: string;
  /** The button's accessible name before copying ("Copy deposit address"). */
  copyLabel: string;
}) {
  const labelId = useId();
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p id={labelId} className="text-sm font-medium text-fg">
            {label}
          </p>
          {aside}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copy(value)}
          aria-label={copied ? undefined : copyLabel}
          className="min-w-24"
        >
          {copied ? (
            <Check className="size-4 text-primary" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
      </div>
      <p
        aria-labelledby={labelId}
        className="rounded-lg border border-border bg-surface-muted px-3 py-2.5 font-mono text-sm leading-relaxed break-all text-fg"
      >
        {value}
      </p>
    </div>
  );
}
