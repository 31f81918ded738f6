import { UserPlus } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useReferrer } from '@/lib/referrer';
import { readReferralCode } from '@/lib/storage';

/** The stored code changes only through /ref/{code}, which navigates here afresh. */
const noChanges = () => () => undefined;

/**
 * "Invited by Alex M." above the hero after a /ref/{code} link: the visitor sees whose network
 * they join before registering.
 */
export function InvitedBy() {
  // The prerendered page has no code (server snapshot null); the browser reads session storage.
  const code = useSyncExternalStore(noChanges, readReferralCode, () => null);
  const referrer = useReferrer(code);
  if (!referrer.data) return null;
  return (
    <div className="mb-4">
      <p className="inline-flex items-center gap-2 rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary-soft-fg">
        <UserPlus className="size-4" aria-hidden="true" />
        Invited by {referrer.data.name} ·{' '}
        <Link to={paths.register} className="underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </div>
  );
}
