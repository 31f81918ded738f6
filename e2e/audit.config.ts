import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  AUDIT_BASE_URL,
  AUDIT_PORT,
  builtServer,
  CHROMIUM,
  CHROMIUM_FLAGS,
} from './support/server';

// The web app's quality bars (issue 8), measured on the built app as production serves it, with
// the demo data, in Debian's Chromium. `npm run audit:web` builds first (AUDIT_BUILD=0 does not)
// and runs three projects, one after the other:
//   setup       signs the audited accounts in once (audit/sessions.setup.ts);
//   pages       page weight: the landing page's initial JavaScript from the build manifest,
//               <= 150 kB gzip (audit/weight.spec.ts); and every page of the app's route table
//               with the demo data, at 1440 and 375 px in both themes, admin pages also at
//               1280 px, plus open menus, forms and cards, one test each: no serious or critical
//               axe violation (every rule in the light theme, the colour rules in the dark one),
//               no page wider than the screen, at 375 px no table a member reads wider than its
//               box nor its Amount column off-screen, every admin table's actions column in sight from
//               1280 px (audit/pages.spec.ts), with a full-height screenshot of each in
//               e2e/screenshots/routes/ (AUDIT_SCREENSHOTS=0 skips them);
//   lighthouse  Lighthouse on the landing page and a signed-in member's dashboard: accessibility
//               and best practices >= 95, performance within 3 (landing) and 6 (dashboard)
//               points of a reference build measured in pairs in the same run (decision 023;
//               AUDIT_LIGHTHOUSE_PAIRS=N measures N pairs and no more).
// `-- --project pages` leaves Lighthouse out; `-- --project lighthouse --no-deps` runs it alone.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  testDir: here('audit'),
  outputDir: here('../.tmp/audit-web/test-results'),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two pages at a time: the machine has two cores.
  workers: 2,
  timeout: 60_000,
  // Lighthouse's file takes minutes by design: no advice to split it.
  reportSlowTests: null,
  reporter: [['list'], ['html', { outputFolder: here('../.tmp/audit-web/report'), open: 'never' }]],
  use: {
    baseURL: AUDIT_BASE_URL,
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'setup', testMatch: /sessions\.setup\.ts$/ },
    {
      name: 'pages',
      testMatch: /(pages|weight)\.spec\.ts$/,
      dependencies: ['setup'],
      fullyParallel: true,
    },
    {
      name: 'lighthouse',
      testMatch: /lighthouse\.spec\.ts$/,
      // After the pages, so that nothing else runs on the cores while Lighthouse measures.
      dependencies: ['pages'],
    },
  ],
  webServer: builtServer(AUDIT_PORT, here('../.tmp/audit-web/data')),
});
