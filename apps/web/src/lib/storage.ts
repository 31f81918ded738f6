import { pendingUserSchema, type PendingUser } from '@ctn/contracts/accounts';
import { STORAGE_KEYS } from '@ctn/contracts/constants';

/**
 * Browser storage, in one place. Storage can be unavailable (private mode, disabled cookies,
 * quota): every access is guarded, so a storage failure degrades to "nothing stored".
 */

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy settings: the app keeps working without persistence.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // See writeItem.
  }
}

// ------------------------------------------------------------------------ pending user

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
  const { email, firstName, lastName } = user;
  writeItem('local', STORAGE_KEYS.pendingUser, JSON.stringify({ email, firstName, lastName }));
}

export function clearPendingUser(): void {
  removeItem('local', STORAGE_KEYS.pendingUser);
}

// ----------------------------------------------------------------------- referral code

/** A code from a /ref/{code} link, kept for the register form of this tab. */
export function readReferralCode(): string | null {
  const code = readItem('session', STORAGE_KEYS.referralCode)?.trim();
  return code ? code : null;
}

export function writeReferralCode(code: string): void {
  writeItem('session', STORAGE_KEYS.referralCode, code);
}

export function clearReferralCode(): void {
  removeItem('session', STORAGE_KEYS.referralCode);
}

// ----------------------------------------------------------------------- admin storage

/** Every key the admin side stores (data and preferences) starts with this prefix. */
export const ADMIN_STORAGE_PREFIX = 'admin.';

export function adminStorageKey(name: string): string {
  return `${ADMIN_STORAGE_PREFIX}${name}`;
}

/** Removes every `admin.*` key from local and session storage. */
export function clearAdminStorage(): void {
  for (const which of ['local', 'session'] as const) {
    const store = area(which);
    if (!store) continue;
    try {
      const keys: string[] = [];
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(ADMIN_STORAGE_PREFIX)) keys.push(key);
      }
      for (const key of keys) store.removeItem(key);
    } catch {
      // See writeItem.
    }
  }
}
