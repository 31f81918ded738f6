import { Outlet } from 'react-router';
import { useSession } from '@/lib/session';

/**
 * A stand-in for the app's member guard in feature tests (features do not import the app
 * shell): renders its child routes once the session has loaded its user.
 */
export function SignedIn() {
  const session = useSession();
  if (session.status === 'authenticated') return <Outlet />;
  return <p role="status">Loading...</p>;
}
