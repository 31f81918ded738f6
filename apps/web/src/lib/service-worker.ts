/**
 * Registers public/sw.js, which makes the app installable and shows an offline page instead of
 * the browser's error (it never caches API answers). Production builds only: in development
 * it would keep serving stale files to the dev server's page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker was not registered', error);
    });
  };
  // After the page has loaded, so the first screen does not share the network with it. The app
  // itself starts after the first paint (vite.config.ts), often after `load` has fired.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
