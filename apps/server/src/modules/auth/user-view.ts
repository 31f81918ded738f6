import type { User } from '@ctn/contracts/accounts';
import type { UserStatus } from '@ctn/contracts/constants';
import type { ProfileRow, UserRow } from './auth.queries';

/** A member as the API shows them (member section 3 "User"). */
export function toUserView(row: ProfileRow, twoFactorEnabled: boolean, now = new Date()): User {
  return {
    _id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isEmailVerified: row.isEmailVerified,
    isAdmin: row.isAdmin,
    referralCode: row.referralCode,
    subscriptionFee: {
      paid: row.paidUntil !== null && row.paidUntil > now,
      timestamp: row.subscriptionPaidAt?.toISOString() ?? null,
    },
    bingXUID: row.bingxUid,
    status: row.status as UserStatus,
    walletAddress: row.walletAddress,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled,
  };
}

export function pendingUserOf(row: UserRow) {
  return { email: row.email, firstName: row.firstName, lastName: row.lastName };
}

/** How a referrer is named to the people who registered with their code: "Jane D.". */
export function referrerNameOf(row: { firstName: string; lastName: string }): string {
  const initial = row.lastName.trim().charAt(0);
  return initial ? `${row.firstName} ${initial.toUpperCase()}.` : row.firstName;
}
