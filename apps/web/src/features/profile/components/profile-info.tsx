import type { User } from '@ctn/contracts/accounts';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { formatDate, formatDateTime } from '@/lib/format';
import { subscriptionDisplay } from '../subscription';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-fg-muted">{label}</dt>
      <dd className="mt-1 text-fg">{children}</dd>
    </div>
  );
}

const mono = 'font-mono text-sm break-all';

/** Read-only profile information (member section 2, "/profile and /settings"). */
export function ProfileInfo({ user }: { user: User }) {
  const subscription = subscriptionDisplay(user.subscriptionFee);
  return (
    <Card>
      <div className="flex items-start gap-3 p-6 pb-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <UserRound className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Profile Information</CardTitle>
          <CardDescription>Your account details. Contact support to change them.</CardDescription>
        </div>
      </div>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
          <Item label="First Name">{user.firstName}</Item>
          <Item label="Last Name">{user.lastName}</Item>
          <Item label="Email" wide>
            <span className="break-all">{user.email}</span>
          </Item>
          <Item label="Referral Code">
            <span className={mono}>{user.referralCode}</span>
          </Item>
          <Item label="BingX UID">
            {user.bingXUID ? (
              <span className={mono}>{user.bingXUID}</span>
            ) : (
              <span className="text-fg-muted">Not linked</span>
            )}
          </Item>
          <Item label="Status">
            <StatusBadge status={user.status} />
          </Item>
          <Item label="Subscription">
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant={subscription.variant}>{subscription.label}</Badge>
              {subscription.paidAt ? (
                <span className="text-sm text-fg-muted">
                  since {formatDate(subscription.paidAt)}
                </span>
              ) : null}
            </span>
          </Item>
          <Item label="Deposit Wallet Address" wide>
            {user.walletAddress ? (
              <span className={mono}>{user.walletAddress}</span>
            ) : (
              <span className="text-fg-muted">Not assigned</span>
            )}
          </Item>
          <Item label="Last Login" wide>
            {user.lastLogin ? formatDateTime(user.lastLogin) : 'Never'}
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}
