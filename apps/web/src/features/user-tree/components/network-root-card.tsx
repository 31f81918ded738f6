import type { ReferralTreeResponse } from '@ctn/contracts/referrals';
import { Network } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { initials } from '@/lib/format';

/** 'Your Network Root': the member at the top of their own tree. */
export function NetworkRootCard({ userInfo }: { userInfo: ReferralTreeResponse['userInfo'] }) {
  return (
    <Card className="flex items-center gap-3 border-primary/40 bg-primary-soft/40 p-4 sm:gap-4 sm:p-5">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-fg"
      >
        {initials(userInfo.firstName, userInfo.lastName)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-primary uppercase">
          <Network className="size-3.5" aria-hidden="true" />
          Your Network Root
        </p>
        <p className="font-semibold text-fg">
          {userInfo.firstName} {userInfo.lastName}
        </p>
        <p className="text-sm break-all text-fg-muted">{userInfo.email}</p>
        <p className="text-xs text-fg-subtle">ID: {userInfo.userId}</p>
      </div>
    </Card>
  );
}
