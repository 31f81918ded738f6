import { useSyncExternalStore } from 'react';
import { readItem, removeItem, THEME_STORAGE_KEY, writeItem } from './storage';

/**
 * Light and dark themes. Without a choice the app follows the system setting
 * (`prefers-color-scheme`); the toggle stores a choice under `theme` in local storage. `.dark` or
 * `.light` on <html> selects the colour tokens of `index.css`.
 *
 * The inline script of `index.html` applies the same rule before the first paint (no flash of the
 * wrong theme); this module takes over once the app runs and keeps <html> in step with the
 * choice, the system setting and other tabs.
 */
export type Theme = 'light' | 'dark';
export type ThemePreference = 'system' | Theme;

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser UI colour per theme (`<meta name="theme-color">`), as the `--background` token. */
const THEME_COLOR: Record<Theme, string> = { light: '#f8fafc', dark: '#0b1220' };

type Listener = () => void;
const listeners = new Set<Listener>();

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

export function readThemePreference(): ThemePreference {
  const stored = readItem('local', THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function systemTheme(): Theme {
  return media()?.matches ? 'dark' : 'light';
}

export function resolveTheme(preference: ThemePreference = readThemePreference()): Theme {
  return preference === 'system' ? systemTheme() : preference;
}

/** The theme on screen now. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function paint(): void {
  const theme = resolveTheme();
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLOR[theme];
  }
  for (const listener of listeners) listener();
}

/** Stores a choice (`system` removes it) and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  if (preference === 'system') removeItem('local', THEME_STORAGE_KEY);
  else writeItem('local', THEME_STORAGE_KEY, preference);
  paint();
}

/**
 * Switches to the other theme. Choosing the theme the system already asks for means "follow the
 * system again", so the stored choice is removed then: one button covers all three states.
 */
export function toggleTheme(): void {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setThemePreference(next === systemTheme() ? 'system' : next);
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY || event.key === null) paint();
}

/**
 * Applies the stored choice (or the system setting) and follows changes of the system setting
 * and of other tabs. Returns a function that stops following.
 */
export function startTheme(): () => void {
  paint();
  const query = media();
  const onSystemChange = () => paint();
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme on screen, updated on every change. Pre-rendering assumes light. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
