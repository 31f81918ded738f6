import { STORAGE_KEYS } from '@ctn/contracts/constants';
import { readItem, removeItem, writeItem } from './storage';

/**
 * The session token (local storage key `token`) as a tiny external store: the API client
 * reads it and may clear it (401), the session hook subscribes to it with
 * `useSyncExternalStore`, and other tabs' changes arrive through the `storage` event.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readItem('local', STORAGE_KEYS.token) || null;
}

export function setToken(token: string): void {
  writeItem('local', STORAGE_KEYS.token, token);
  emit();
}

export function clearToken(): void {
  if (getToken() === null) return;
  removeItem('local', STORAGE_KEYS.token);
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEYS.token || event.key === null) emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
