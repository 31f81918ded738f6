import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/router';
import { getToken } from '@/lib/auth-token';
import { createQueryClient } from '@/lib/query-client';
import { profileQueryOptions } from '@/lib/session';
import { registerServiceWorker } from '@/lib/service-worker';
import { startTheme } from '@/lib/theme';
// The brand font, bundled (latin first; other scripts load only for pages that use them).
import '@fontsource-variable/inter/wght.css';
import './index.css';

startTheme();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// index.html carries the landing page rendered at build time (vite.config.ts). A visitor on /
// gets it hydrated: the same DOM, made interactive. Anywhere else, or with a session (whose
// navigation bar differs), the app renders afresh over it. Either way the first render waits for
// the route's code, so no spinner shows in between.
// A member's profile is asked for now, before the route's code loads, not after: the first
// screen's figures arrive with the code instead of one round trip later.
const queryClient = createQueryClient();
if (getToken() !== null) void queryClient.prefetchQuery(profileQueryOptions());
const router = createAppRouter();
const prerendered = root.querySelector<HTMLElement>(':scope > [data-prerendered]');
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);

void routerReady(router).then(() => {
  if (prerendered && window.location.pathname === '/' && getToken() === null) {
    hydrateRoot(prerendered, app);
  } else {
    createRoot(root).render(app);
  }
});
