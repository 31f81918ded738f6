import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppShellSkeleton } from '@/components/app-shell-skeleton';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { afterSignInPath, paths } from '@/lib/paths';
import { isOnboarded, useSession } from '@/lib/session';
import { clearAdminStorage } from '@/lib/storage';

// Only an administrator without a second factor sees it: kept out of the entry chunk (QR code).
const AdminTwoFactorPage = lazy(() =>
  import('@/features/profile/pages/admin-two-factor-page').then((m) => ({
    default: m.AdminTwoFactorPage,
  })),
);

/**
 * Access routing (member section 4, admin section 2). Each guard is a layout route: it renders
 * its child routes, or redirects. While the session is loading, the app's frame shows in grey
 * (a spinner on the sign-in and registration pages).
 */

function ToSignIn() {
  const location = useLocation();
  return (
    <Navigate
      to={paths.signin}
      replace
      state={{ from: `${location.pathname}${location.search}${location.hash}` }}
    />
  );
}

/** /signin and /register: a signed-in user goes where a sign-in would have sent them. */
export function GuestOnlyRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (session.status === 'authenticated')
    return <Navigate to={afterSignInPath(session.user, location.state)} replace />;
  return <Outlet />;
}

/** Member pages: signed in, not an admin, subscription paid and exchange UID linked. */
export function MemberRoute() {
  const session = useSession();
  if (session.status === 'loading') return <AppShellSkeleton />;
  if (session.status === 'unauthenticated') return <ToSignIn />;
  if (session.user.isAdmin) return <Navigate to={paths.admin.dashboard} replace />;
  if (!isOnboarded(session.user)) return <Navigate to={paths.onboarding} replace />;
  return <Outlet />;
}

/** /onboarding: signed-in members who still have a step to do. */
export function OnboardingRoute() {
  const session = useSession();
  if (session.status === 'loading') return <AppShellSkeleton />;
  if (session.status === 'unauthenticated') return <ToSignIn />;
  if (session.user.isAdmin) return <Navigate to={paths.admin.dashboard} replace />;
  if (isOnboarded(session.user)) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** A non-admin leaves the admin side, and its stored data and preferences go with it. */
function LeaveAdmin() {
  useEffect(() => {
    clearAdminStorage();
  }, []);
  return <Navigate to={paths.dashboard} replace />;
}

/** Admin pages: administrators only, and only once they sign in with a second factor. */
export function AdminRoute() {
  const session = useSession();
  if (session.status === 'loading') return <AppShellSkeleton />;
  if (session.status === 'unauthenticated') return <ToSignIn />;
  if (!session.user.isAdmin) return <LeaveAdmin />;
  if (!session.user.twoFactorEnabled)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AdminTwoFactorPage />
      </Suspense>
    );
  return <Outlet />;
}
