import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/** Copies `text`; says Copied for a few seconds (a failure is only logged, admin section 8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button variant="ghost" size="sm" onClick={() => void copy(text)} aria-label={label}>
      {copied ? (
        <Check className="size-4 text-success-soft-fg" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
