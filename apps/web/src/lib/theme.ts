/**
 * Light and dark themes follow the system setting (`prefers-color-scheme`) by putting `.dark`
 * on <html>. A user choice can later override `preference` without touching components.
 */
export type ThemePreference = 'system' | 'light' | 'dark';

export function applyTheme(preference: ThemePreference = 'system'): () => void {
  const root = document.documentElement;
  const media =
    typeof window.matchMedia === 'function'
      ? window.matchMedia('(prefers-color-scheme: dark)')
      : null;
  const apply = () => {
    const dark = preference === 'dark' || (preference === 'system' && (media?.matches ?? false));
    root.classList.toggle('dark', dark);
    root.classList.toggle('light', !dark);
  };
  apply();
  if (preference !== 'system' || !media) return () => {};
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
