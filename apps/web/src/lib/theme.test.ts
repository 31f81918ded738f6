import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readThemePreference, startTheme, toggleTheme } from './theme';

/** A fake `prefers-color-scheme: dark` media query that a test can flip. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;
let stop: () => void = () => {};

beforeEach(() => {
  html().className = '';
});

afterEach(() => {
  stop();
});

describe('theme', () => {
  it('follows the system setting while nothing is chosen', () => {
    const system = fakeSystem(true);
    stop = startTheme();
    expect(html()).toHaveClass('dark');
    system.set(false);
    expect(html()).toHaveClass('light');
    expect(html()).not.toHaveClass('dark');
    expect(readThemePreference()).toBe('system');
  });

  it('keeps the toggled theme in local storage and applies it at the next start', () => {
    fakeSystem(false);
    stop = startTheme();
    toggleTheme();
    expect(html()).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    stop();

    // A new visit: the stored choice wins over the (light) system setting.
    html().className = '';
    stop = startTheme();
    expect(html()).toHaveClass('dark');
  });

  it('a stored choice ignores system changes; toggling back to the system theme forgets it', () => {
    const system = fakeSystem(false);
    stop = startTheme();
    toggleTheme();
    system.set(false);
    expect(html()).toHaveClass('dark');

    toggleTheme();
    expect(html()).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBeNull();
    system.set(true);
    expect(html()).toHaveClass('dark');
  });

  it('follows a choice made in another tab', () => {
    fakeSystem(false);
    stop = startTheme();
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(html()).toHaveClass('dark');
  });
});
