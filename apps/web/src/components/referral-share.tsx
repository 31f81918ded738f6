import { QrCode as QrIcon, Send } from 'lucide-react';
import { ExternalLink } from '@/components/external-link';
import { QrCode } from '@/components/qr-code';
import { buttonClasses, Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { shortName } from '@/lib/format';
import { shareLinks } from '@/lib/referral-link';
import { useAuthenticatedUser } from '@/lib/session';

/**
 * Ways to pass a referral link on besides copying it: Telegram and WhatsApp share pages, and a
 * QR poster to show or screenshot. The dashboard card and the referrals page both offer them.
 */
export function ReferralShare({ code, link }: { code: string; link: string }) {
  const user = useAuthenticatedUser();
  // The poster names the member as the product names referrers: "Alex M.".
  const inviter = shortName(user.firstName, user.lastName);
  const { telegram, whatsapp } = shareLinks(link);
  const small = buttonClasses({ variant: 'outline', size: 'sm' });
  return (
    <div className="flex flex-wrap gap-2" aria-label="Share your link" role="group">
      <ExternalLink href={telegram} className={small}>
        <Send className="size-4" aria-hidden="true" />
        Telegram
      </ExternalLink>
      <ExternalLink href={whatsapp} className={small}>
        <Send className="size-4" aria-hidden="true" />
        WhatsApp
      </ExternalLink>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            <QrIcon className="size-4" aria-hidden="true" />
            QR poster
          </Button>
        </DialogTrigger>
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
    </div>
  );
}
