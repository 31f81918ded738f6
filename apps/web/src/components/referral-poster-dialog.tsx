import { Download } from 'lucide-react';
import { useState } from 'react';
import type { LazyDialogProps } from '@/components/lazy-dialog';
import { QrCode } from '@/components/qr-code';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { downloadPoster, type ReferralPosterProps } from './referral-poster-png';

/** The QR poster of a referral link (components/referral-share.tsx), loaded on its button. */
export default function ReferralPosterDialog({
  code,
  link,
  inviter,
  onOpenChange,
}: ReferralPosterProps & LazyDialogProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = () => {
    setState('busy');
    downloadPoster({ code, link, inviter }).then(
      () => setState('idle'),
      (error: unknown) => {
        console.error('The poster could not be made', error);
        setState('failed');
      },
    );
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Your referral poster"
        description="Let someone scan it, or download it as an image to share or print."
      >
        <figure className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-white p-5 text-center text-slate-900">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
            CopyTrade Network
          </p>
          <p className="text-lg font-bold">Invited by {inviter}</p>
          <QrCode value={link} alt={`QR code of your referral link ${link}`} />
          <figcaption className="space-y-1">
            <p className="font-mono text-xl font-bold tracking-[0.2em]">{code}</p>
            <p className="text-xs break-all text-slate-600">{link}</p>
          </figcaption>
        </figure>
        {state === 'failed' ? (
          <Alert variant="error">
            The poster could not be made in this browser. Take a screenshot of it instead.
          </Alert>
        ) : null}
        <Button
          className="w-full"
          onClick={download}
          loading={state === 'busy'}
          loadingText="Making the poster..."
        >
          <Download className="size-4" aria-hidden="true" />
          Download poster (PNG)
        </Button>
      </DialogContent>
    </Dialog>
  );
}
