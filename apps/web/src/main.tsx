import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/router';
import { getToken } from '@/lib/auth-token';
import { startTheme } from '@/lib/theme';
import './index.css';

startTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// index.html carries the landing page rendered at build time (vite.config.ts). A visitor on /
// gets it hydrated: the same DOM, made interactive. Anywhere else, or with a session (whose
// navigation bar differs), the app renders afresh over it. Either way the first render waits for
// the route's code, so no spinner shows in between.
const router = createAppRouter();
const prerendered = root.querySelector<HTMLElement>(':scope > [data-prerendered]');
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

void routerReady(router).then(() => {
  if (prerendered && window.location.pathname === '/' && getToken() === null) {
    hydrateRoot(prerendered, app);
  } else {
    createRoot(root).render(app);
  }
});
