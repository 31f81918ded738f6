import { STORAGE_KEYS } from '@ctn/contracts/constants';

/**
 * Browser storage, in one place (the pending user, which needs its schema, is in
 * `pending-user.ts` so that this module stays free of zod for the landing page's first load). Storage can be unavailable (private mode, disabled cookies,
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

// ------------------------------------------------------------------------------- theme

/** The theme chosen with the toggle (`light` or `dark`); absent = follow the system setting. */
export const THEME_STORAGE_KEY = 'theme';

/** Whether the member sidebar is collapsed (a display preference, kept across visits). */
export const SIDEBAR_COLLAPSED_KEY = 'sidebar.collapsed';

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
