import type { User } from '@ctn/contracts/accounts';
import { BadgeCheck, CircleAlert, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { isFirstSignIn, signOut } from '@/lib/session';

/**
 * The page title and the greeting: first name, user ID, email, the verification badge and
 * Sign Out.
 */
export function WelcomeHeader({ user }: { user: User }) {
  const navigate = useNavigate();
  const onSignOut = () => {
    signOut();
    void navigate(paths.signin, { replace: true });
  };
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Dashboard</h1>
          <p className="text-lg text-fg-muted">
            {/* A real signal: the sign-in that opened this session was the account's first. */}
            {isFirstSignIn() ? 'Welcome' : 'Welcome back'},{' '}
            <span className="font-semibold text-fg">{user.firstName}</span>!
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-fg-muted">
          <span>
            User ID: <span className="font-mono font-semibold text-fg">{user.userId}</span>
          </span>
          <span className="break-all" data-testid="dashboard-email">
            {user.email}
          </span>
          {user.isEmailVerified ? (
            <Badge variant="success">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </Badge>
          ) : (
            <Badge variant="warning">
              <CircleAlert className="size-3.5" aria-hidden="true" />
              Unverified
            </Badge>
          )}
        </div>
      </div>
      <Button variant="outline" onClick={onSignOut} className="self-start">
        <LogOut className="size-4" aria-hidden="true" />
        Sign Out
      </Button>
    </header>
  );
}
