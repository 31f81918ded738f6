import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Recovery codes to copy or download; they are never shown again. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `CopyTrade Network recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-3">
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-surface-muted p-4 font-mono text-sm text-fg"
        aria-label="Recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
            const link = document.createElement('a');
            link.href = url;
            link.download = 'copytrade-recovery-codes.txt';
            link.click();
            URL.revokeObjectURL(url);
          }}
        >
          Download
        </Button>
      </div>
    </div>
  );
}
