import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ReferralShare } from '@/components/referral-share';
import { useReferralLink } from '@/lib/referral-link';
import { useCopy } from '@/lib/use-copy';

/** 'Your Referral Code' with a button that copies the public link. */
export function ReferralCodeCard({ code }: { code: string }) {
  const { copied, copy } = useCopy();
  const link = useReferralLink(code);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Referral Code</CardTitle>
        <CardDescription>
          Share your link: everyone who registers through it joins your network.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 rounded-xl border border-dashed border-border-strong bg-surface-muted px-4 py-3">
          <p
            className="font-mono text-2xl font-bold tracking-[0.2em] text-fg"
            data-testid="referral-code"
          >
            {code}
          </p>
          <p className="mt-1 text-sm break-all text-fg-muted" data-testid="referral-link">
            {link}
          </p>
        </div>
        <Button
          variant={copied ? 'outline' : 'primary'}
          onClick={() => void copy(link)}
          className="sm:min-w-52"
        >
          {copied ? (
            <Check className="size-4 text-primary" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span aria-live="polite">{copied ? 'Successfully Copied!' : 'Copy Link'}</span>
        </Button>
      </CardContent>
      <CardContent className="pt-0">
        <ReferralShare code={code} link={link} />
      </CardContent>
    </Card>
  );
}
