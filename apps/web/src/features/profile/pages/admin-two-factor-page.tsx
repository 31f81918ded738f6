import { ShieldCheck } from 'lucide-react';
import { Logo } from '@/components/logo';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription } from '@/components/ui/card';
import { signOut } from '@/lib/session';
import { TwoFactorSetup } from '../components/two-factor-setup';

/**
 * What an administrator without a second factor sees instead of any admin page: administrators
 * approve payouts, so the panel opens only once an authenticator is set up (issue 19).
 */
export function AdminTwoFactorPage() {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-bg px-4 py-10 sm:items-center">
      <PageTitle title="Set up two-factor authentication" />
      <Card className="w-full max-w-xl">
        <div className="space-y-3 p-6 pb-0">
          <Logo />
          <div className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            <h1 className="text-lg font-semibold tracking-tight text-fg">
              Set up two-factor authentication
            </h1>
          </div>
          <CardDescription>
            Administrators approve payouts, so the admin panel opens only for accounts that sign in
            with a code from an authenticator app as well as the password.
          </CardDescription>
        </div>
        <CardContent className="space-y-6">
          <TwoFactorSetup />
          <Button variant="link" onClick={() => signOut()}>
            Sign out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
