import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/router';
import { getToken } from '@/lib/auth-token';
import { createQueryClient } from '@/lib/query-client';
import { isOnboarded, profileQueryOptions } from '@/lib/session';
import { registerServiceWorker } from '@/lib/service-worker';
import { startTheme } from '@/lib/theme';
import './index.css';

/** Pages whose first screen is the member's reward figures (GET /api/rewards/stats/{userId}). */
const FIGURE_PAGES = new Set(['/dashboard', '/rewards']);

startTheme();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A member's profile is asked for now, before the route's code loads, not after: the first
// screen's figures arrive with the code instead of one round trip later.
const queryClient = createQueryClient();
if (getToken() !== null) {
  // The dashboard and the rewards page open on the member's figures, which need the member's
  // id: asked for as soon as the profile is in, while the route code still loads. The module
  // that asks is fetched beside the profile, so the figures do not wait for it.
  const figures = FIGURE_PAGES.has(window.location.pathname) ? import('@/lib/reward-stats') : null;
  figures?.catch(() => undefined); // a failed load is reported below, once the profile is in
  queryClient
    .fetchQuery(profileQueryOptions())
    .then(async (user) => {
      if (!figures || !isOnboarded(user)) return;
      const { rewardStatsQueryOptions } = await figures;
      await queryClient.prefetchQuery(rewardStatsQueryOptions(user.userId));
    })
    // The session's own query reports a failed profile; the pages ask again for their figures.
    .catch(() => undefined);
}
// index.html carries the landing page rendered at build time (vite.config.ts). A visitor on /
// gets it hydrated: the same DOM, made interactive. Anywhere else, or with a session (whose
// navigation bar differs), the app renders afresh over it. Either way the first render waits for
// the route's code, so no spinner shows in between.
const router = createAppRouter();
const prerendered = root.querySelector<HTMLElement>(':scope > [data-prerendered]');
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);

void routerReady(router).then(() => {
  // As a transition, React renders (or hydrates) the first page in slices and yields between
  // them: a phone stays responsive while the whole first screen is made at once.
  if (prerendered && window.location.pathname === '/' && getToken() === null) {
    startTransition(() => {
      hydrateRoot(prerendered, app);
    });
  } else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
});
