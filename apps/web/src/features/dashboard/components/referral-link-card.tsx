import { Check, Copy, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ReferralShare } from '@/components/referral-share';
import { useReferralLink } from '@/lib/referral-link';
import { useCopy } from '@/lib/use-copy';

/** The Referral Code card: the code, and a button that copies the public referral link. */
export function ReferralLinkCard({ code }: { code: string }) {
  const { copied, copy } = useCopy();
  const link = useReferralLink(code);
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" role="region" aria-labelledby="ref-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="ref-title" className="text-lg font-semibold tracking-tight text-fg">
          Referral Code
        </h2>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Share2 className="size-5" aria-hidden="true" />
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-xl font-bold tracking-[0.15em] text-fg">{code}</p>
          <p className="truncate text-xs text-fg-subtle" title={link}>
            {link}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copy(link)}
          aria-label={copied ? undefined : 'Copy referral link'}
        >
          {copied ? (
            <Check className="size-4 text-primary" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span aria-live="polite">{copied ? 'Copied to clipboard!' : 'Copy'}</span>
        </Button>
      </div>
      <ReferralShare code={code} link={link} />
    </Card>
  );
}
