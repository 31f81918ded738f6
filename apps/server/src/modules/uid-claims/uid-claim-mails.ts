import { renderMail } from '../mail/mail-templates';

interface Recipient {
  email: string;
  firstName: string;
}

const OUTCOME: Record<
  'UNLINKED' | 'REASSIGNED' | 'REJECTED',
  { claimant: string; holder: string }
> = {
  UNLINKED: {
    claimant: 'The UID was taken off the other account. You can link it from your dashboard now.',
    holder:
      'The UID was taken off your account after a review. Link your own BingX UID from your dashboard to keep earning.',
  },
  REASSIGNED: {
    claimant: 'The UID is now linked to your account.',
    holder:
      'The UID was moved to the account that claimed it after a review. Link your own BingX UID from your dashboard to keep earning.',
  },
  REJECTED: {
    claimant: 'Your claim was not accepted; the UID stays where it is.',
    holder: 'A claim to your UID was reviewed and rejected; nothing changed for you.',
  },
};

/** To both members: how an administrator resolved a claim to a BingX UID, and why. */
export function claimResolvedMail(
  to: Recipient,
  role: 'claimant' | 'holder',
  claim: { uid: string; status: keyof typeof OUTCOME; note: string },
  publicUrl: string,
) {
  return renderMail({
    to: to.email,
    subject:
      role === 'claimant'
        ? `Your claim to BingX UID ${claim.uid} was reviewed`
        : `A claim to your BingX UID ${claim.uid} was reviewed`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `About BingX UID ${claim.uid}: ${OUTCOME[claim.status][role]}`,
      `The administrator's note: ${claim.note}`,
    ],
    action: { label: 'Open your dashboard', url: `${publicUrl}/dashboard` },
  });
}
