import { QrCode as QrIcon, Send } from 'lucide-react';
import { lazy } from 'react';
import { ExternalLink } from '@/components/external-link';
import { LazyDialog } from '@/components/lazy-dialog';
import { buttonClasses, Button } from '@/components/ui/button';
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
      <LazyDialog
        dialog={(props) => <PosterDialog code={code} link={link} inviter={inviter} {...props} />}
        trigger={(props) => (
          <Button variant="outline" size="sm" {...props}>
            <QrIcon className="size-4" aria-hidden="true" />
            QR poster
          </Button>
        )}
      />
    </div>
  );
}

const PosterDialog = lazy(() => import('./referral-poster-dialog'));
