import type { LazyDialogProps } from '@/components/lazy-dialog';
import { QrCode } from '@/components/qr-code';
import { Dialog, DialogContent } from '@/components/ui/dialog';

export interface ReferralPosterProps {
  code: string;
  link: string;
  /** The member as the product names referrers: "Alex M.". */
  inviter: string;
}

/** The QR poster of a referral link (components/referral-share.tsx), loaded on its button. */
export default function ReferralPosterDialog({
  code,
  link,
  inviter,
  onOpenChange,
}: ReferralPosterProps & LazyDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Your referral poster"
        description="Let someone scan it, or take a screenshot to share it."
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
      </DialogContent>
    </Dialog>
  );
}
