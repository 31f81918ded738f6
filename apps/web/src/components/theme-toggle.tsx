import { Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { toggleTheme, useTheme } from '@/lib/theme';

/**
 * Switches between the light and the dark theme (the choice is kept; see lib/theme.ts). A toggle
 * button: its name stays "Dark theme" and `aria-pressed` says whether it is on. Both icons are in
 * the markup and CSS shows the right one, so the pre-rendered page is right in either theme.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-pressed={theme === 'dark'}
      aria-label="Dark theme"
      title={theme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
    </button>
  );
}
