import type { OtpRequestResponse } from '@ctn/contracts/withdrawals';
import type { WithdrawalDraft } from './withdrawal-form';

/**
 * What the withdrawal dialog remembers between openings, per member: the last address paid to
 * (local storage, so the next withdrawal starts from it) and the code mailed for the request in
 * progress (session storage, this tab only: the draft and the code's times, never the code), so
 * a member who closed the dialog to read the mail comes back to the code step.
 */

const ADDRESS_KEY = 'withdrawal.lastAddress';
const OPEN_CODE_KEY = 'withdrawal.openCode';

interface Stored<T> {
  userId: string;
  value: T;
}

function read<T>(storage: Storage, key: string, userId: string): T | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored<T>;
    return stored.userId === userId ? stored.value : null;
  } catch {
    // Storage switched off or a value we did not write: remember nothing.
    return null;
  }
}

function write<T>(storage: Storage, key: string, userId: string, value: T): void {
  try {
    storage.setItem(key, JSON.stringify({ userId, value } satisfies Stored<T>));
  } catch {
    // A full or blocked storage only costs the convenience.
  }
}

export const lastAddress = (userId: string): string =>
  read<string>(localStorage, ADDRESS_KEY, userId) ?? '';

export const rememberAddress = (userId: string, address: string) =>
  write(localStorage, ADDRESS_KEY, userId, address);

export interface OpenCode {
  draft: WithdrawalDraft;
  otp: OtpRequestResponse;
}

/** The code mailed for this member's request in progress, while it can still be used. */
export function openCode(userId: string, now = Date.now()): OpenCode | null {
  const open = read<OpenCode>(sessionStorage, OPEN_CODE_KEY, userId);
  return open && Date.parse(open.otp.expiresAt) > now ? open : null;
}

export const rememberOpenCode = (userId: string, open: OpenCode) =>
  write(sessionStorage, OPEN_CODE_KEY, userId, open);

export function forgetOpenCode(): void {
  try {
    sessionStorage.removeItem(OPEN_CODE_KEY);
  } catch {
    // Nothing stored, then.
  }
}
