import { referralLink } from './paths';
import { useAuthenticatedUser } from './session';

/**
 * The member's shareable link: the one the server builds on the configured public URL
 * (PUBLIC_URL), so a member on a preview host or a LAN address never shares that; the browser's
 * own origin only when the server sent none.
 */
export function useReferralLink(code: string): string {
  const user = useAuthenticatedUser();
  return user.referralCode === code && user.referralLink ? user.referralLink : referralLink(code);
}

/** What a shared link says, for messengers. */
export const SHARE_TEXT =
  'Join me on CopyTrade Network: copy a master trader on BingX and earn from your network.';

/** Share links of the messengers members use most (they open the app or its web page). */
export function shareLinks(link: string): { telegram: string; whatsapp: string } {
  return {
    telegram: `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(SHARE_TEXT)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${SHARE_TEXT} ${link}`)}`,
  };
}
