import type { User } from '@ctn/contracts/accounts';
import type { UserStatus } from '@ctn/contracts/constants';
import { shortName } from '../../lib/privacy';
import type { ProfileRow, UserRow } from './auth.queries';

/** A member as the API shows them (member section 3 "User"). */
export function toUserView(
  row: ProfileRow,
  twoFactorEnabled: boolean,
  publicUrl: string,
  now = new Date(),
): User {
  return {
    _id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isEmailVerified: row.isEmailVerified,
    isAdmin: row.isAdmin,
    referralCode: row.referralCode,
    referralLink: referralLinkOf(publicUrl, row.referralCode),
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

/** A code's shareable link on the product's public URL (never the browser's address). */
export const referralLinkOf = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/ref/${encodeURIComponent(code)}`;

/** How a referrer is named to the people who registered with their code: "Jane D.". */
export const referrerNameOf = (row: { firstName: string; lastName: string }): string =>
  shortName(row.firstName, row.lastName);
