import { pendingUserSchema, type PendingUser } from '@ctn/contracts/accounts';
import { STORAGE_KEYS } from '@ctn/contracts/constants';
import { readItem, removeItem, writeItem } from './storage';

/** The account waiting for email verification (after registration or an unverified login). */
export function readPendingUser(): PendingUser | null {
  const raw = readItem('local', STORAGE_KEYS.pendingUser);
  if (!raw) return null;
  try {
    const parsed = pendingUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writePendingUser(user: PendingUser): void {
  const { email, firstName, lastName, referredBy } = user;
  writeItem(
    'local',
    STORAGE_KEYS.pendingUser,
    JSON.stringify({ email, firstName, lastName, ...(referredBy ? { referredBy } : {}) }),
  );
}

export function clearPendingUser(): void {
  removeItem('local', STORAGE_KEYS.pendingUser);
}
