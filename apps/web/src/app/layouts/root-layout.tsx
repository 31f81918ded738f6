import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { cn } from '@/lib/cn';

/** Around every route: scroll restoration, a navigation progress bar, a skip link, toasts. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[100] rounded-lg bg-primary px-4 py-2 font-semibold text-primary-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div
        aria-hidden="true"
        className={cn(
          'fixed inset-x-0 top-0 z-[70] h-0.5 origin-left bg-primary transition-all duration-500',
          busy ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0',
        )}
      />
      <ScrollRestoration />
      <Outlet />
      <Toaster />
    </>
  );
}
