// Runs before the first paint, from index.html (a file, not inline: the Content-Security-Policy
// allows only same-origin scripts; see apps/server/src/plugins/security-headers.ts). The theme:
// the toggle's choice (local storage "theme", see src/lib/theme.ts), else the system setting.
// And two flags for the pre-rendered landing page in #root (see src/index.css): hidden on other
// paths; guest buttons hidden when a session token (local storage "token") exists.
/* global document, location, window */
(function () {
  var root = document.documentElement;
  var theme = null;
  var token = null;
  try {
    theme = localStorage.getItem('theme');
    token = localStorage.getItem('token');
  } catch {
    // Storage can be blocked (private modes, policies): the defaults apply.
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.add(dark ? 'dark' : 'light');
  if (location.pathname !== '/') root.classList.add('not-landing');
  if (token) root.classList.add('signed-in');
  // zod (form validation) probes `new Function` once to build faster parsers; the CSP has no
  // 'unsafe-eval', so the probe only logs a violation. This global is where zod 4 keeps its
  // settings (what z.config({ jitless: true }) writes): set here, the entry need not load zod.
  window.__zod_globalConfig = { jitless: true };
})();
